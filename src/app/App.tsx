export function App() {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>n-Dimensional Chess</h1>
    </main>
  );
}
