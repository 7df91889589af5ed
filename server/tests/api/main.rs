//! Integration tests: the real server on a random port, spoken to over HTTP.
mod helpers;
#[path = "../support/smtp.rs"]
mod smtp;

mod abuse;
mod antispam;
mod assets;
mod booking;
mod conditional;
mod config;
mod dispatch;
mod domains;
mod errors;
mod fake_google;
mod funnel;
mod fuzz;
mod http_limits;
mod languages;
mod open_files;
mod operations;
mod pages;
mod paid_lookups;
mod pickup_note;
mod place_kinds;
mod places;
mod process;
mod proxy;
mod rate_limits;
mod redirects;
mod render_failures;
mod rules;
mod security;
mod seo;
mod shutdown;
mod staff_answers;
mod staff_deadline;
mod store_faults;
