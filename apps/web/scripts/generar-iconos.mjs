// Draws the PWA icons (public/iconos/*.png) from the app's mark (public/favicon.svg).
// Run it again after changing the mark: `node apps/web/scripts/generar-iconos.mjs`; the PNGs are
// committed, the build does not draw them. Uses sharp (a dependency of apps/server).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const publica = new URL('../public/', import.meta.url);
const marca = await readFile(new URL('favicon.svg', publica), 'utf8');
const trazos = marca.replace(/^[\s\S]*?<rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '');

/**
 * The maskable icon fills the whole square with the brand colour and keeps the mark inside the
 * central 80% "safe zone" every launcher's mask leaves visible (here at 62%, with room to spare).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#1d5fb8"/>
  <g transform="translate(32 32) scale(0.62) translate(-34 -32)">${trazos}</g>
</svg>`;

async function png(svg, lado, nombre) {
  const datos = await sharp(Buffer.from(svg), { density: Math.ceil((72 * lado) / 64) })
    .resize(lado, lado)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(new URL(`iconos/${nombre}`, publica), datos);
  console.log(`iconos/${nombre}: ${lado}×${lado}, ${datos.length} bytes`);
}

await mkdir(new URL('iconos/', publica), { recursive: true });
await png(marca, 192, 'icono-192.png');
await png(marca, 512, 'icono-512.png');
await png(maskable, 512, 'icono-maskable-512.png');
await png(maskable, 180, 'apple-touch-icon.png');
