// The smallest App Router page, for the framework's own floor in Lighthouse: Next's client runtime
// and React hydrating one paragraph.
export const metadata = { title: "Bare Next page" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
