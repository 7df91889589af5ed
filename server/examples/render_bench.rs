//! Uncached render time per page: builds the page service the way
//! `startup.rs` does (with one render worker) and times `Pages::render_uncached`
//! for every cacheable page, i.e. props → QuickJS render → HTML document, without
//! compression and without the cache.
//!
//! Run: `cargo run --release -q --example render_bench [-- RUNS [WARMUP]]`
//! (defaults: 200 timed renders after 20 warm-up renders per page).
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use taxi_server::{
    config::Settings,
    i18n::Locales,
    render::{
        assets::{self, Assets},
        pool::{PoolSettings, RenderPool},
    },
    site::{
        pages::{PageKey, Pages},
        Page, ReservationMode,
    },
};

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let runs: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(200).max(1);
    let warmup: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(20);

    let settings = Settings::load()?;
    let assets = Assets::load(&[]).map_err(anyhow::Error::msg)?;
    let pool = RenderPool::start(
        assets::server_bundle(),
        PoolSettings {
            workers: 1,
            queue_capacity: settings.render.queue_capacity.max(1),
            deadline: Duration::from_millis(settings.render.deadline_ms),
            memory_limit_bytes: settings.render.memory_limit_mb << 20,
            max_per_client: settings.render.max_per_client,
            max_per_network: settings.render.max_per_network,
        },
    )?;
    // One landing page per language stands for all: they share one component.
    let landings = settings.tariff.destinations.len().min(1);
    let legal = taxi_server::site::legal::LegalTexts::load(&settings)?;
    let pages = Pages::new(Arc::new(settings), Arc::new(Locales::load()), Arc::new(assets), (pool, legal));

    println!("Uncached render time per page ({runs} renders after {warmup} warm-up, 1 render worker, current-thread runtime)");
    println!(
        "{:<22} {:<8} {:>9} {:>9} {:>9} {:>11}",
        "page", "language", "p50 ms", "p99 ms", "max ms", "HTML bytes"
    );
    let mut all = Vec::new();
    let mut failures = 0;
    for key in PageKey::all(landings) {
        let (name, lang) = match key {
            PageKey::Page(page, lang, mode) => {
                let name = match (page, mode) {
                    (Page::Reservation, ReservationMode::Whatsapp) => "reservation?whatsapp".to_string(),
                    _ => page.key().to_string(),
                };
                (name, lang)
            }
            PageKey::Landing(_, lang) => ("landing".to_string(), lang),
            PageKey::Error(lang) => ("error".to_string(), lang),
        };
        let mut html_len = 0;
        let mut errors = Vec::new();
        for _ in 0..warmup {
            match pages.render_uncached(key).await {
                Ok(html) => html_len = html.len(),
                Err(e) => errors.push(format!("warm-up: {e}")),
            }
        }
        let mut times = Vec::with_capacity(runs);
        for i in 0..runs {
            let started = Instant::now();
            match pages.render_uncached(key).await {
                Ok(html) => {
                    times.push(started.elapsed());
                    html_len = html.len();
                }
                Err(e) => errors.push(format!("render {i}: {e} after {:.1} ms", ms(started.elapsed()))),
            }
        }
        failures += errors.len();
        if times.is_empty() {
            println!("{name:<22} {:<8} every render failed: {}", lang.code(), errors.join("; "));
            continue;
        }
        times.sort_unstable();
        all.extend_from_slice(&times);
        println!(
            "{:<22} {:<8} {:>9.3} {:>9.3} {:>9.3} {:>11}{}",
            name,
            lang.code(),
            ms(percentile(&times, 50.0)),
            ms(percentile(&times, 99.0)),
            ms(*times.last().expect("not empty")),
            html_len,
            if errors.is_empty() {
                String::new()
            } else {
                format!("  FAILED {}x: {}", errors.len(), errors.join("; "))
            }
        );
    }
    if all.is_empty() {
        anyhow::bail!("no page rendered");
    }
    all.sort_unstable();
    println!(
        "{:<22} {:<8} {:>9.3} {:>9.3} {:>9.3}",
        "ALL PAGES",
        "",
        ms(percentile(&all, 50.0)),
        ms(percentile(&all, 99.0)),
        ms(*all.last().expect("not empty"))
    );
    if failures > 0 {
        anyhow::bail!("{failures} renders failed");
    }
    Ok(())
}

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
