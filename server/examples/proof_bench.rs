//! What a proof of work costs a flooder with native code on one core: the
//! time of one derivation (PBKDF2-SHA-256, `proof_of_work.cost` rounds), and
//! from it each level's expected and longest solve (the secret count is drawn
//! uniformly from 0 to the level's top: half of it on average, from wherever a
//! solver starts). The browser's side:
//! `ui/bench/proof.mjs`. Figures in `docs/edge.md`.
//!
//!     cargo run --release --example proof_bench
use std::time::Instant;

use taxi_server::config::Settings;

fn main() {
    let settings = Settings::load_from(&Default::default()).expect("the shipped settings").proof_of_work;
    // A count high enough to time well; deterministic mode, as the server makes them.
    let counter = 400;
    let challenge = altcha::create_challenge(altcha::CreateChallengeOptions {
        algorithm: "PBKDF2/SHA-256".into(),
        counter: Some(counter),
        cost: settings.cost,
        ..Default::default()
    })
    .expect("a challenge");
    let started = Instant::now();
    let solution = altcha::solve_challenge(altcha::SolveChallengeOptions::new(&challenge))
        .expect("solvable")
        .expect("within the time limit");
    assert_eq!(solution.counter, counter);
    let per_derivation = started.elapsed().as_secs_f64() / f64::from(counter + 1);
    println!(
        "native (crate altcha), one core: {:.3} ms per derivation of {} PBKDF2-SHA-256 rounds",
        per_derivation * 1e3,
        settings.cost
    );
    println!("level  top count  expected (1/2 top)  longest (top)");
    for (level, top) in settings.levels.iter().enumerate() {
        let top = f64::from(*top);
        println!(
            "{:>5}  {:>9}  {:>16.2} s  {:>11.2} s",
            level + 1,
            top,
            0.5 * top * per_derivation,
            top * per_derivation
        );
    }
}
