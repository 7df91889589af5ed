// TEMPORARY diagnostics; removed after use.
use std::time::{Duration, Instant};
use taxi_server::{assets, render::engine::{compile, JsEngine}};
fn cpu_ns() -> u64 { std::fs::read_to_string("/proc/thread-self/schedstat").unwrap().split_whitespace().next().unwrap().parse().unwrap() }
fn main() {
    let props = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let n: usize = std::env::args().nth(2).map(|a| a.parse().unwrap()).unwrap_or(500);
    let t = Instant::now();
    let bc = compile(assets::server_bundle()).unwrap();
    println!("compile {:?}, bytecode {} bytes, bundle {} bytes", t.elapsed(), bc.len(), assets::server_bundle().len());
    let t = Instant::now();
    let mut e = JsEngine::new(bc.into(), 64 << 20).unwrap();
    println!("engine new {:?}, mem {}", t.elapsed(), e.memory_used());
    let mut walls = vec![]; let mut cpus = vec![];
    for i in 0..n {
        let c0 = cpu_ns(); let t = Instant::now();
        let html = e.render(&props, Instant::now() + Duration::from_secs(10)).unwrap();
        let w = t.elapsed().as_secs_f64()*1e3; let c = (cpu_ns()-c0) as f64/1e6;
        walls.push(w); cpus.push(c);
        if i % 50 == 0 || c > 20.0 { println!("#{i} wall {w:.2} cpu {c:.2} mem {} len {}", e.memory_used(), html.len()); }
    }
    let mut s = cpus.clone(); s.sort_by(|a,b| a.partial_cmp(b).unwrap());
    let mut w = walls.clone(); w.sort_by(|a,b| a.partial_cmp(b).unwrap());
    println!("cpu p50 {:.2} p99 {:.2} max {:.2}; wall p50 {:.2} p99 {:.2} max {:.2}", s[n/2], s[n*99/100], s[n-1], w[n/2], w[n*99/100], w[n-1]);
}
