//! Measures the embedded gazetteer: data size, load time, the memory it keeps
//! (counted by this example's allocator), and suggestion
//! latency (p50/p99) over 1,000 varied queries, then over the seeds typed
//! with one error each (the second pass of `typos.rs`).
//!
//!     cargo run --release --example gazetteer_bench
//!     cargo run --release --example gazetteer_bench -- nl 'markt 12, roermond' schip …
//!
//! With arguments (a language, then queries) it prints the suggestions and the
//! details of the first one instead. `GAZETTEER_FILE=path` measures another data
//! file (an older one, say) instead of the embedded one, without the settings'
//! town and frequent places.
use std::{
    alloc::{GlobalAlloc, Layout, System},
    sync::atomic::{AtomicUsize, Ordering},
    time::Instant,
};

use taxi_server::{config::Settings, places::gazetteer::Gazetteer, types::Lang};

/// Counts the bytes allocated and not yet freed: what the loaded gazetteer
/// keeps in memory (the unpacked text it reads from is freed after loading).
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const SEEDS: &[&str] = &[
    "roermond",
    "Roermond station",
    "station roermond",
    "schip",
    "schiphol",
    "airport dus",
    "Düsseldorf",
    "Dusseldorf",
    "Duesseldorf",
    "flughafen düsseldorf",
    "koln",
    "Köln",
    "Koeln",
    "Keulen",
    "Cologne",
    "luik",
    "Lüttich",
    "liege",
    "Brussel",
    "Bruxelles",
    "Brüssel",
    "Brussels airport",
    "zaventem",
    "aken",
    "aachen hbf",
    "maastricht",
    "maastricht aachen airport",
    "beek",
    "herten",
    "herten nrw",
    "swalmen",
    "echt",
    "venlo",
    "weert",
    "eindhoven airport",
    "ein",
    "weeze",
    "frankfurt flughafen",
    "bonn",
    "amsterdam centraal",
    "den haag",
    "the hague",
    "den bosch",
    "s-hertogenbosch",
    "antwerpen centraal",
    "gent sint pieters",
    "charleroi",
    "mönchengladbach",
    "moenchengladbach hbf",
    "krefeld",
    "neuss",
    "essen",
    "dortmund airport",
    "heinsberg",
    "elmpt",
    "brüggen",
    "niederkrüchten",
    "sittard",
    "geleen",
    "heerlen",
    "kerkrade",
    "valkenburg",
    "Markt 12, Roermond",
    "Stationsplein 3 6041 Roermond",
    "Kerkstraat 5 Herten",
    "Hauptstraße 1, Köln",
    "Roermond Markt",
    "6041 GL",
    "41372",
    "outlet roermond",
    "ziekenhuis venlo",
    "rotterdam",
    "utrecht",
    "nijmegen",
    "arnhem",
    "hasselt",
    "genk",
    "leuven",
    "mechelen",
    "namur",
    "namen",
    "bergen",
    "sankt augustin",
    "st augustin",
    "sint truiden",
    "x",
    "zz",
    "qwerty",
    "a b c d e",
    "12345",
    // As locals type: streets without the town, the company's frequent places.
    "Kapellerlaan 30",
    "Munsterplein 1",
    "LZR",
    "ECI Roermond",
    "Sittard Geleen station",
    // Far away (the towns of 10,000 and more, airports, long-distance stations), and typing errors.
    "hamburg",
    "berlin hbf",
    "münchen",
    "flughafen münchen",
    "Hamstraat 12 Roermnd",
    "Venlo statoin",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = Settings::load_from(&Default::default()).expect("default settings");
    let centre = settings.tariff.zone.centre();
    let other =
        std::env::var_os("GAZETTEER_FILE").map(|path| std::fs::read(path).expect("GAZETTEER_FILE readable"));
    let live_before = LIVE.load(Ordering::Relaxed);
    let started = Instant::now();
    let g = match &other {
        Some(bytes) => Gazetteer::from_tsv_gz(bytes, centre).expect("a valid gazetteer file"),
        // As the server builds it: with the company's town and frequent places.
        None => Gazetteer::for_settings(&settings),
    };
    let load = started.elapsed();
    let kept = LIVE.load(Ordering::Relaxed).saturating_sub(live_before);

    if let Some((lang, queries)) = args.split_first() {
        let lang = Lang::parse(lang).expect("first argument: nl, de or en");
        for q in queries {
            println!("{q:?}");
            let list = g.suggest(q, lang);
            for s in &list {
                println!("  {:<40} | {:<55} | {}", s.main_text, s.secondary_text, s.id);
            }
            if let Some(first) = list.first() {
                let d = g.place_details(&first.id, lang).expect("details of a suggestion");
                println!(
                    "  → {:?} / {:?} @ {:.4},{:.4}",
                    d.formatted_address, d.display_name, d.location.lat, d.location.lon
                );
            }
        }
        return;
    }

    // 1,000 varied queries: each seed, its prefixes and its mixed-case form.
    let mut queries: Vec<String> = Vec::new();
    'outer: loop {
        for seed in SEEDS {
            for cut in [2usize, 3, 5, 100] {
                let q: String = seed.chars().take(cut).collect();
                queries.push(if queries.len().is_multiple_of(2) { q } else { q.to_uppercase() });
                if queries.len() == 1000 {
                    break 'outer;
                }
            }
        }
    }
    let langs = [Lang::Nl, Lang::De, Lang::En];
    // Warm-up.
    for q in queries.iter().take(100) {
        std::hint::black_box(g.suggest(q, Lang::Nl));
    }
    let mut times: Vec<f64> = Vec::with_capacity(queries.len());
    let mut results = 0usize;
    for (i, q) in queries.iter().enumerate() {
        let t = Instant::now();
        let list = g.suggest(q, langs[i % 3]);
        times.push(t.elapsed().as_secs_f64() * 1e6);
        results += list.len();
    }
    println!(
        "data file: {} bytes (gzip), {} places",
        other.as_ref().map_or(Gazetteer::embedded_size(), Vec::len),
        g.len()
    );
    println!("load: {:.1} ms, {:.1} MiB kept in memory", load.as_secs_f64() * 1e3, kept as f64 / 1048576.0);
    report("suggestions", &mut times, results);

    // Each seed of five letters or more with one error of each kind: a letter
    // dropped, doubled, changed, and the second and third swapped (an error in
    // the first two letters, the slower path).
    let mut typos: Vec<String> = Vec::new();
    for seed in SEEDS.iter().filter(|s| s.chars().count() >= 5 && !s.chars().any(|c| c.is_ascii_digit())) {
        let c: Vec<char> = seed.chars().collect();
        let mid = c.len() / 2;
        let edit = |f: &dyn Fn(&mut Vec<char>)| {
            let mut v = c.clone();
            f(&mut v);
            v.into_iter().collect::<String>()
        };
        typos.push(edit(&|v| {
            v.remove(mid);
        }));
        typos.push(edit(&|v| v.insert(mid, v[mid])));
        typos.push(edit(&|v| v[mid] = if v[mid] == 'x' { 'y' } else { 'x' }));
        typos.push(edit(&|v| v.swap(1, 2)));
    }
    let mut times: Vec<f64> = Vec::with_capacity(typos.len());
    let mut results = 0usize;
    for (i, q) in typos.iter().enumerate() {
        let t = Instant::now();
        let list = g.suggest(q, langs[i % 3]);
        times.push(t.elapsed().as_secs_f64() * 1e6);
        results += list.len();
    }
    report("typed with one error", &mut times, results);
}

fn report(what: &str, times: &mut [f64], results: usize) {
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "{what}: {} queries ({results} results): p50 {:.0} µs, p99 {:.0} µs, max {:.0} µs",
        times.len(),
        pct(0.5),
        pct(0.99),
        times[times.len() - 1]
    );
}
