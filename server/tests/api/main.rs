//! Integration tests: the real server on a random port, spoken to over HTTP.
mod helpers;

mod assets;
mod booking;
mod config;
mod errors;
mod languages;
mod pages;
mod places;
mod rate_limits;
mod redirects;
mod render_failures;
mod security;
mod seo;
