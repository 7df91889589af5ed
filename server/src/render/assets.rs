//! Static files: the UI build embedded at compile time (content-hashed names,
//! precompressed with gzip and brotli by `ui/build.mjs`), plus the optional image
//! files named in the configuration.
use std::{collections::HashMap, path::Path};

use actix_web::web::Bytes;

use crate::render::variant::{fnv1a, Variant};

/// A file embedded by `build.rs`.
pub struct EmbeddedFile {
    pub logical: &'static str,
    pub name: &'static str,
    pub body: &'static [u8],
    pub gzip: Option<&'static [u8]>,
    pub brotli: Option<&'static [u8]>,
}

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// One servable file with its encodings.
#[derive(Clone)]
pub struct Asset {
    pub content_type: &'static str,
    pub body: Variant,
    pub gzip: Option<Variant>,
    pub brotli: Option<Variant>,
}

pub struct Assets {
    by_name: HashMap<String, Asset>,
    urls: HashMap<String, String>,
}

impl Assets {
    /// The embedded files, with `overrides` (logical name → file on disk)
    /// replacing built-in images.
    pub fn load(overrides: &[(&str, &str)]) -> Result<Self, String> {
        let mut assets = Assets { by_name: HashMap::new(), urls: HashMap::new() };
        for f in PUBLIC_FILES {
            assets.insert(
                f.logical,
                f.name.to_string(),
                Asset {
                    content_type: content_type(f.name),
                    body: Variant::new(Bytes::from_static(f.body)),
                    gzip: f.gzip.map(|b| Variant::new(Bytes::from_static(b))),
                    brotli: f.brotli.map(|b| Variant::new(Bytes::from_static(b))),
                },
            );
        }
        for (logical, path) in overrides.iter().filter(|(_, p)| !p.is_empty()) {
            let body = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let ext =
                Path::new(path).extension().and_then(|e| e.to_str()).unwrap_or("bin").to_ascii_lowercase();
            let name =
                format!("custom-{}.{:016x}.{ext}", logical.split('.').next().unwrap_or("file"), fnv1a(&body));
            let asset = Asset {
                content_type: content_type(&name),
                body: Variant::new(Bytes::from(body)),
                gzip: None,
                brotli: None,
            };
            assets.insert(logical, name, asset);
        }
        Ok(assets)
    }

    fn insert(&mut self, logical: &str, name: String, asset: Asset) {
        self.urls.insert(logical.to_string(), format!("/assets/{name}"));
        self.by_name.insert(name, asset);
    }

    /// The public URL of a logical file name such as `styles.css`.
    pub fn url(&self, logical: &str) -> &str {
        self.urls.get(logical).map(String::as_str).unwrap_or_else(|| panic!("no asset named {logical}"))
    }

    pub fn get(&self, hashed_name: &str) -> Option<&Asset> {
        self.by_name.get(hashed_name)
    }
}

/// The server-side rendering bundle (not served to browsers).
pub fn server_bundle() -> &'static str {
    SERVER_BUNDLE
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "json" => "application/json",
        _ => "application/octet-stream",
    }
}
