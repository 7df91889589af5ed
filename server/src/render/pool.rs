//! A fixed set of render threads, each owning one [`JsEngine`], fed by a bounded
//! queue. HTTP workers never run JavaScript: they queue a job and await the reply.
//!
//! The queue is shared fairly: a render made for one client (pages that carry
//! a visitor's input) takes one of that client's `max_per_client` slots and one
//! of its network's `max_per_network` while it waits and runs, so one client,
//! or many addresses of one network, flooding the site fill their own slots,
//! not the queue everyone else needs.
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex},
    thread,
    time::{Duration, Instant},
};

use tokio::sync::oneshot;

use crate::{
    render::engine::{self, EngineError, JsEngine},
    types::ClientKey,
};

#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub workers: usize,
    pub queue_capacity: usize,
    pub deadline: Duration,
    pub memory_limit_bytes: usize,
    /// Renders one client may have waiting or running at once.
    pub max_per_client: usize,
    /// Renders all clients of one network may have waiting or running at
    /// once (at least `max_per_client`).
    pub max_per_network: usize,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    /// The queue is full: answer 503 with Retry-After.
    #[error("render queue is full")]
    Busy,
    /// This client already has its share of the queue: answer 429.
    #[error("the client has its share of the render queue")]
    ClientBusy,
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("render pool is not running")]
    Unavailable,
}

struct Job {
    props_json: String,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

pub struct RenderPool {
    sender: flume::Sender<Job>,
    settings: PoolSettings,
    /// Renders waiting or running per client, and per network; a key leaves its map at zero.
    taken: Mutex<Taken>,
}

#[derive(Default)]
struct Taken {
    clients: HashMap<IpAddr, usize>,
    networks: HashMap<IpAddr, usize>,
}

/// One of a client's render slots and one of its network's, given back when
/// dropped (also when the request is cancelled while waiting).
struct Slot<'a> {
    pool: &'a RenderPool,
    key: ClientKey,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        fn give_back(counts: &mut HashMap<IpAddr, usize>, key: IpAddr) {
            if let Some(n) = counts.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(&key);
                }
            }
        }
        let mut taken = self.pool.taken.lock().unwrap_or_else(|e| e.into_inner());
        give_back(&mut taken.clients, self.key.client);
        give_back(&mut taken.networks, self.key.network);
    }
}

impl RenderPool {
    /// Compiles the bundle once and starts the workers; each loads the bytecode
    /// right away so the first page needs no warm-up.
    pub fn start(bundle_source: &str, settings: PoolSettings) -> Result<Self, RenderError> {
        let bytecode: Arc<[u8]> = engine::compile(bundle_source)?.into();
        let (sender, receiver) = flume::bounded::<Job>(settings.queue_capacity);
        for index in 0..settings.workers.max(1) {
            let receiver = receiver.clone();
            let bytecode = bytecode.clone();
            let settings = settings.clone();
            thread::Builder::new()
                .name(format!("render-{index}"))
                .stack_size(8 * 1024 * 1024)
                .spawn(move || worker(receiver, bytecode, settings))
                .map_err(|_| RenderError::Unavailable)?;
        }
        Ok(Self { sender, settings, taken: Mutex::default() })
    }

    /// Renders for the client `key` (the visitor the page is for), within the
    /// shares of the queue of that client and its network; `None` renders
    /// unlimited (pages not made for one visitor, rendered once).
    pub async fn render_for(
        &self,
        key: Option<ClientKey>,
        props_json: String,
    ) -> Result<String, RenderError> {
        let _slot = match key {
            Some(key) => Some(self.take_slot(key)?),
            None => None,
        };
        self.render(props_json).await
    }

    fn take_slot(&self, key: ClientKey) -> Result<Slot<'_>, RenderError> {
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        let held = |counts: &HashMap<IpAddr, usize>, key| counts.get(&key).copied().unwrap_or(0);
        if held(&taken.clients, key.client) >= self.settings.max_per_client.max(1)
            // A file that raised the client's share alone keeps working: a network has at least that.
            || held(&taken.networks, key.network) >= self.settings.max_per_network.max(self.settings.max_per_client)
        {
            return Err(RenderError::ClientBusy);
        }
        *taken.clients.entry(key.client).or_default() += 1;
        *taken.networks.entry(key.network).or_default() += 1;
        Ok(Slot { pool: self, key })
    }

    /// Renders page props (JSON) to HTML on a render thread.
    pub async fn render(&self, props_json: String) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.sender.try_send(Job { props_json, reply }).map_err(|e| match e {
            flume::TrySendError::Full(_) => RenderError::Busy,
            flume::TrySendError::Disconnected(_) => RenderError::Unavailable,
        })?;
        // The engine enforces the deadline itself; this outer bound only covers a
        // worker stuck outside JavaScript, plus the time spent queued.
        let patience = self.settings.deadline * 4 + Duration::from_secs(5);
        match tokio::time::timeout(patience, answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(RenderError::Unavailable),
            Err(_) => Err(RenderError::Engine(EngineError::Timeout)),
        }
    }

    /// Jobs waiting for a worker.
    pub fn queue_depth(&self) -> usize {
        self.sender.len()
    }
}

fn worker(receiver: flume::Receiver<Job>, bytecode: Arc<[u8]>, settings: PoolSettings) {
    let load = || match JsEngine::new(bytecode.clone(), settings.memory_limit_bytes) {
        Ok(engine) => Some(engine),
        Err(e) => {
            tracing::error!(error = %e, "render runtime could not load the bundle");
            None
        }
    };
    let mut engine = load();
    for job in receiver.iter() {
        if job.reply.is_closed() {
            continue; // the request gave up while queued
        }
        if engine.is_none() {
            engine = load();
        }
        let Some(js) = engine.as_mut() else {
            let _ = job.reply.send(Err(RenderError::Unavailable));
            continue;
        };
        let started = Instant::now();
        let result = js.render(&job.props_json, started + settings.deadline);
        crate::telemetry::metrics::render(started.elapsed().as_secs_f64());
        if let Err(e) = &result {
            // A runtime that failed may hold broken state: replace it.
            tracing::error!(error = %e, "render failed; replacing the runtime");
            engine = None;
        }
        let _ = job.reply.send(result.map_err(RenderError::from));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(workers: usize, queue: usize) -> PoolSettings {
        PoolSettings {
            workers,
            queue_capacity: queue,
            deadline: Duration::from_millis(100),
            memory_limit_bytes: 32 << 20,
            max_per_client: 2,
            max_per_network: 3,
        }
    }

    #[tokio::test]
    async fn renders_and_survives_a_failing_render() {
        let bundle = "export function render(p) { const v = JSON.parse(p); if (v.fail) throw new Error('no'); if (v.loop) for(;;){} return 'ok ' + v.n; }";
        let pool = RenderPool::start(bundle, settings(1, 8)).unwrap();
        assert_eq!(pool.render(r#"{"n":1}"#.into()).await.unwrap(), "ok 1");
        assert!(matches!(
            pool.render(r#"{"fail":true}"#.into()).await,
            Err(RenderError::Engine(EngineError::Script(_)))
        ));
        assert_eq!(
            pool.render(r#"{"loop":true}"#.into()).await,
            Err(RenderError::Engine(EngineError::Timeout))
        );
        assert_eq!(pool.render(r#"{"n":2}"#.into()).await.unwrap(), "ok 2", "replaced runtime renders again");
    }

    #[tokio::test]
    async fn a_full_queue_answers_busy() {
        let bundle = "export function render() { const end = Date.now() + 80; while (Date.now() < end) {} return 'slow'; }";
        let pool = Arc::new(RenderPool::start(bundle, settings(1, 1)).unwrap());
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let pool = pool.clone();
            tasks.push(tokio::spawn(async move { pool.render("{}".into()).await }));
        }
        let mut busy = 0;
        let mut ok = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => ok += 1,
                Err(RenderError::Busy) => busy += 1,
                Err(e) => panic!("{e}"),
            }
        }
        assert!(busy >= 1 && ok >= 1, "busy {busy}, ok {ok}");
    }

    fn from(client: &str) -> Option<ClientKey> {
        let client: IpAddr = client.parse().unwrap();
        let IpAddr::V4(v4) = client else { unreachable!("IPv4 in these tests") };
        Some(ClientKey { client, network: IpAddr::V4((u32::from(v4) & !0xff).into()) })
    }

    #[tokio::test]
    async fn a_client_and_its_network_get_their_shares_and_leave_room_for_others() {
        let bundle = "export function render() { const end = Date.now() + 60; while (Date.now() < end) {} return 'ok'; }";
        let pool = Arc::new(RenderPool::start(bundle, settings(1, 8)).unwrap());
        // Twenty renders each from two addresses of one network, all at once.
        let flood: Vec<_> = ["192.0.2.1", "192.0.2.77"]
            .iter()
            .flat_map(|client| std::iter::repeat_n(*client, 20))
            .map(|client| {
                let pool = pool.clone();
                tokio::spawn(async move { (client, pool.render_for(from(client), "{}".into()).await) })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(10)).await;
        let other = pool.render_for(from("198.51.100.2"), "{}".into()).await;
        assert_eq!(other, Ok("ok".to_string()), "a client of another network still gets its page");
        let mut rendered = HashMap::new();
        for task in flood {
            match task.await.unwrap() {
                (client, Ok(_)) => *rendered.entry(client).or_insert(0) += 1,
                (_, Err(RenderError::ClientBusy)) => {}
                (_, Err(e)) => panic!("{e}"),
            }
        }
        // Two slots for the first address, and the network's third for the other.
        assert_eq!(rendered, HashMap::from([("192.0.2.1", 2), ("192.0.2.77", 1)]));
        let given_back = |taken: &Taken| taken.clients.is_empty() && taken.networks.is_empty();
        assert!(given_back(&pool.taken.lock().unwrap()), "every slot given back");
        assert_eq!(pool.render_for(from("192.0.2.1"), "{}".into()).await, Ok("ok".to_string()));
    }

    #[test]
    fn a_network_share_set_below_the_client_share_is_the_client_share() {
        let pool = RenderPool::start(
            "export function render() { return 'ok'; }",
            PoolSettings { max_per_network: 1, ..settings(1, 8) },
        )
        .unwrap();
        let key = from("192.0.2.1").unwrap();
        let slots = [pool.take_slot(key), pool.take_slot(key), pool.take_slot(key)];
        assert_eq!(slots.iter().map(Result::is_ok).collect::<Vec<_>>(), [true, true, false]);
    }

    #[test]
    fn a_bundle_that_does_not_compile_is_refused_at_start() {
        assert!(RenderPool::start("this is not javascript (", settings(1, 1)).is_err());
    }
}
