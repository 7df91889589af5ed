// Draws the share preview (1200×630, Open Graph and Twitter cards) and the logo
// (512×512, structured data) as PNG into ui/public/, in the site's colours, with
// Chromium. Run once after changing the company name or the look, and commit the
// files:  node scripts/share-image.mjs ["Company name"]
// With a file name after the company name, only the share preview is drawn, into
// that file: a company's own for `company.share_image_file` (required when
// `company.demo` is false):  node scripts/share-image.mjs "Taxi Roermond" share.png
// Both are raster images because WhatsApp, Facebook and others show no SVG.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { chromium } = createRequire(join(root, "ui/package.json"))("playwright-core");
const defaults = readFileSync(join(root, "server/config/default.toml"), "utf8");
const name = process.argv[2] ?? defaults.match(/^name = "(.*)"$/m)[1];
const ownFile = process.argv[3];
const taxi = readFileSync(join(root, "ui/public/taxi.svg"), "utf8");
const icon = readFileSync(join(root, "ui/public/favicon.svg"), "utf8");
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const share = `<body style="margin:0;width:1200px;height:630px;display:flex;font-family:Arial,Helvetica,sans-serif;background:#ffcc00;color:#1b1b1b">
  <div style="flex:1;display:flex;flex-direction:column;justify-content:center;padding:0 64px">
    <div style="font-size:84px;font-weight:700;line-height:1.05">${escape(name)}</div>
    <div style="margin-top:28px;font-size:38px;line-height:1.3">Roermond · Schiphol · Düsseldorf · Eindhoven · Maastricht</div>
    <div style="margin-top:36px;width:160px;height:12px;background:#0b4f9c;border-radius:6px"></div>
  </div>
  <div style="width:520px;display:flex;align-items:center;justify-content:center;background:#f6f4ee">
    <div style="width:460px">${taxi.replace("<svg ", '<svg width="460" height="288" ')}</div>
  </div>
</body>`;
const logo = `<body style="margin:0;width:512px;height:512px">${icon.replace("<svg ", '<svg width="512" height="512" ')}</body>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const drawings = ownFile
  ? [[ownFile, share, 1200, 630]]
  : [
      [join(root, "ui/public/share.png"), share, 1200, 630],
      [join(root, "ui/public/logo.png"), logo, 512, 512],
    ];
for (const [path, html, width, height] of drawings) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.screenshot({ path, omitBackground: html === logo });
  await page.close();
  console.log(`${path}: ${width}×${height}`);
}
await browser.close();
