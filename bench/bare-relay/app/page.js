export const dynamic = "force-dynamic";

export default function BarePage() {
  return (
    <main>
      <h1>Bare Next page</h1>
      <p>Nothing but the framework: the floor the playground&apos;s own page is measured against.</p>
    </main>
  );
}
