//! Integration tests: the real server on a random port, spoken to over HTTP.
mod helpers;

mod abuse;
mod antispam;
mod assets;
mod booking;
mod conditional;
mod config;
mod domains;
mod errors;
mod fuzz;
mod http_limits;
mod languages;
mod operations;
mod pages;
mod places;
mod proxy;
mod rate_limits;
mod redirects;
mod render_failures;
mod security;
mod seo;
mod shutdown;
