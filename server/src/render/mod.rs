//! Server-side rendering machinery: QuickJS engines on their own threads
//! ([`engine`], [`pool`]), the embedded UI build ([`assets`]), bodies in each
//! encoding with their ETags ([`variant`]) and answering with the best one
//! ([`respond`]). It knows no page: the site builds the props it renders.
pub mod assets;
pub mod engine;
pub mod pool;
pub mod respond;
pub mod variant;

use std::io::Write as _;

use actix_web::web::Bytes;

use crate::render::variant::Variant;

/// A finished HTML page in every encoding we serve.
pub struct EncodedPage {
    pub html: Variant,
    pub gzip: Variant,
    pub brotli: Variant,
}

impl EncodedPage {
    /// For cached pages: the best compression, paid once.
    pub fn new(html: String) -> Self {
        Self::compressed(html, flate2::Compression::best(), 11, 22)
    }

    fn compressed(
        html: String,
        gzip_level: flate2::Compression,
        brotli_quality: i32,
        brotli_window: i32,
    ) -> Self {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), gzip_level);
        gz.write_all(html.as_bytes()).expect("writing to memory");
        let gzip = gz.finish().expect("writing to memory");
        let mut brotli = Vec::new();
        let params = brotli::enc::BrotliEncoderParams {
            quality: brotli_quality,
            lgwin: brotli_window,
            ..Default::default()
        };
        brotli::BrotliCompress(&mut html.as_bytes(), &mut brotli, &params).expect("writing to memory");
        Self {
            html: Variant::new(Bytes::from(html)),
            gzip: Variant::new(Bytes::from(gzip)),
            brotli: Variant::new(Bytes::from(brotli)),
        }
    }

    /// For one-off pages: quick compression levels instead of the best ones.
    pub fn new_fast(html: String) -> Self {
        Self::compressed(html, flate2::Compression::fast(), 4, 20)
    }
}
