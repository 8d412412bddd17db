import { scaleBand, scaleLinear } from "d3-scale";
import { stack } from "d3-shape";
import { formatCost } from "./usage-format";
import { formatCount } from "@/lib/utils/format-count";

export type DailyPoint = { day: string; model: string; value: number };

/** Distinct in both colour schemes and for the common colour-vision deficiencies (Okabe–Ito, then greys). */
const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#7f7f7f"];

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 48 };
/** A bar's widest, in the chart's units: a range of one or two days would otherwise draw slabs across the whole chart. */
const MAX_BAR_WIDTH = 40;

/**
 * Daily cost (or images, when no model has a price) stacked by model, drawn on the server as SVG
 * with d3's scales and stack layout: nothing to download or run in the browser. Each bar segment
 * names its day, model and amount on hover and to screen readers.
 */
export function DailyUsageChart({
  days,
  points,
  unit,
  currency,
}: {
  days: string[];
  points: DailyPoint[];
  unit: "images" | "cost";
  currency: string | null;
}) {
  const models = [...new Set(points.map((point) => point.model))].sort();
  const byDay = new Map<string, Record<string, number>>();
  for (const day of days) byDay.set(day, {});
  for (const point of points) {
    const row = byDay.get(point.day);
    if (row) row[point.model] = (row[point.model] ?? 0) + point.value;
  }
  const rows = days.map((day) => ({ day, ...byDay.get(day) }));
  const series = stack<Record<string, number | string>>()
    .keys(models)
    .value((row, key) => Number(row[key] ?? 0))(rows);
  const highest = Math.max(0, ...series.flatMap((layer) => layer.map((segment) => segment[1])));
  const x = scaleBand<string>()
    .domain(days)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, highest || 1])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const barWidth = Math.min(x.bandwidth(), MAX_BAR_WIDTH);
  // Each bar stands in the middle of its day's band, under that day's label.
  const barX = (day: string) => (x(day) ?? 0) + (x.bandwidth() - barWidth) / 2;
  const format = (value: number) =>
    unit === "cost" ? formatCost(value, currency) : `${formatCount(value)} image${value === 1 ? "" : "s"}`;
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const title = unit === "cost" ? "Estimated cost per day, by model" : "Images per day, by model";

  return (
    <section className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="text-sm font-semibold">{title}</h2>
      {points.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No generations in this range.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="mt-2 h-auto w-full"
            role="img"
            aria-label={`${title}: ${format(total)} over ${days.length} day${days.length === 1 ? "" : "s"}, ${models.length} model${models.length === 1 ? "" : "s"}.`}
          >
            {y
              .ticks(4)
              // Images come whole: no 0.2-image gridlines.
              .filter((tick) => unit === "cost" || Number.isInteger(tick))
              .map((tick) => (
                <g key={tick}>
                  <line
                    x1={MARGIN.left}
                    x2={WIDTH - MARGIN.right}
                    y1={y(tick)}
                    y2={y(tick)}
                    className="stroke-zinc-200 dark:stroke-zinc-800"
                  />
                  <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-zinc-500 text-[10px]">
                    {unit === "cost" ? (tick / 1_000_000).toFixed(2) : formatCount(tick)}
                  </text>
                </g>
              ))}
            {series.map((layer, index) => (
              <g key={layer.key} fill={PALETTE[index % PALETTE.length]}>
                {layer.map((segment) => {
                  const day = String(segment.data.day);
                  const height = y(segment[0]) - y(segment[1]);
                  if (height <= 0) return null;
                  return (
                    <rect key={day} x={barX(day)} y={y(segment[1])} width={barWidth} height={height}>
                      <title>{`${day} · ${layer.key || "(no model)"}: ${format(segment[1] - segment[0])}`}</title>
                    </rect>
                  );
                })}
              </g>
            ))}
            {days.map((day, index) =>
              index % labelEvery === 0 ? (
                <text
                  key={day}
                  x={(x(day) ?? 0) + x.bandwidth() / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-zinc-500 text-[10px]"
                >
                  {day.slice(5)}
                </text>
              ) : null,
            )}
          </svg>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Models">
            {models.map((model, index) => (
              <li key={model} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ background: PALETTE[index % PALETTE.length] }}
                />
                {model || "(no model)"}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
