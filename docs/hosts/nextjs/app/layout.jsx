import Link from 'next/link';

export const metadata = { title: 'Sales' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/">Server-rendered embed</Link> · <Link href="/react">React component</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
