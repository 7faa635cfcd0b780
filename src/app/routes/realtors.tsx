import { Link } from 'react-router';

/** Placeholder until the page's own issue completes it. */
export function RealtorsRoute() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-display text-4xl font-bold">Realtors</h1>
      <nav aria-label="Pages" className="mt-6 flex flex-wrap gap-4 underline">
        <Link to="/">Home</Link>
        <Link to="/realtors">Realtors</Link>
        <Link to="/investors">Investors</Link>
        <Link to="/floor-visualizer">Floor visualizer</Link>
      </nav>
    </main>
  );
}
