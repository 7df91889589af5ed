//! A fixed set of render threads, each owning one [`JsEngine`], fed by a bounded
//! queue. HTTP workers never run JavaScript: they queue a job and await the reply.
use std::{
    sync::Arc,
    thread,
    time::{Duration, Instant},
};

use tokio::sync::oneshot;

use crate::render::engine::{self, EngineError, JsEngine};

#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub workers: usize,
    pub queue_capacity: usize,
    pub deadline: Duration,
    pub memory_limit_bytes: usize,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    /// The queue is full: answer 503 with Retry-After.
    #[error("render queue is full")]
    Busy,
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
        Ok(Self { sender, settings })
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

    #[test]
    fn a_bundle_that_does_not_compile_is_refused_at_start() {
        assert!(RenderPool::start("this is not javascript (", settings(1, 1)).is_err());
    }
}
