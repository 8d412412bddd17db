import type { NextConfig } from "next";

const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Frame-Options", value: "DENY" },
];

const nextConfig: NextConfig = {
  // Answers and headers are ours to shape; no "X-Powered-By" advertising the stack.
  poweredByHeader: false,
  reactStrictMode: true,
  // The databases' drivers and the HEIC decoder load their own files (WebAssembly) at run time: not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "heic-decode", "libheif-js"],
  async headers() {
    return [
      { source: "/:path*", headers: everywhere },
      // API answers are data, never documents: nothing in them may load or run if opened directly.
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; sandbox" }],
      },
      // The offline shell's script is checked for updates on every visit.
      { source: "/sw.js", headers: [{ key: "Cache-Control", value: "no-cache" }] },
    ];
  },
};

export default nextConfig;
