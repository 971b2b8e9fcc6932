/** The backdrop: faint stars far away. */
import { BufferAttribute, BufferGeometry, PointsMaterial } from 'three';

/** Faint stars far away: one draw call, made from a fixed seed. */
const STARS = (() => {
  const g = new BufferGeometry();
  const n = 700;
  const a = new Float32Array(n * 3);
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const u = rnd() * 2 - 1;
    const t = rnd() * Math.PI * 2;
    const r = 600 + rnd() * 300;
    const k = Math.sqrt(1 - u * u);
    a.set([r * k * Math.cos(t), r * u, r * k * Math.sin(t)], i * 3);
  }
  g.setAttribute('position', new BufferAttribute(a, 3));
  return g;
})();
const STAR_MATERIAL = new PointsMaterial({
  color: '#8a93a8',
  size: 1.6,
  sizeAttenuation: false,
  transparent: true,
  opacity: 0.7,
  depthWrite: false,
});

export function Stars() {
  return <points geometry={STARS} material={STAR_MATERIAL} frustumCulled={false} />;
}
