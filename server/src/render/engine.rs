//! One QuickJS runtime holding the server bundle. This is the only file that
//! knows the engine: a V8 engine would replace it behind the same two calls,
//! [`JsEngine::new`] and [`JsEngine::render`].
use std::{cell::Cell, rc::Rc, sync::Arc, time::Instant};

use rquickjs::{CatchResultExt, Context, Function, Module, Runtime, WriteOptions};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EngineError {
    #[error("render exceeded its deadline")]
    Timeout,
    #[error("render exceeded the runtime's memory limit")]
    OutOfMemory,
    #[error("script error: {0}")]
    Script(String),
}

/// Compiles the bundle (an ES module exporting `render(propsJson): string`) to
/// QuickJS bytecode once, so each runtime loads it without parsing.
pub fn compile(source: &str) -> Result<Vec<u8>, EngineError> {
    let runtime = Runtime::new().map_err(script)?;
    let context = Context::full(&runtime).map_err(script)?;
    context.with(|ctx| {
        let module = Module::declare(ctx.clone(), "server.js", source).catch(&ctx).map_err(script)?;
        module.write(WriteOptions { strip_source: true, ..Default::default() }).map_err(script)
    })
}

pub struct JsEngine {
    // Field order matters: the context and runtime are dropped before the
    // bytecode they may still point into. The runtime is only held, never read.
    context: Context,
    _runtime: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
    _bytecode: Arc<[u8]>,
}

impl JsEngine {
    pub fn new(bytecode: Arc<[u8]>, memory_limit_bytes: usize) -> Result<Self, EngineError> {
        let runtime = Runtime::new().map_err(script)?;
        runtime.set_memory_limit(memory_limit_bytes);
        runtime.set_max_stack_size(2 * 1024 * 1024);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::default();
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            watched.get().is_some_and(|d| Instant::now() >= d)
        })));
        let context = Context::full(&runtime).map_err(script)?;
        context.with(|ctx| -> Result<(), EngineError> {
            let log = Function::new(ctx.clone(), |level: String, message: String| match level.as_str() {
                "error" => tracing::error!(target: "render::js", "{message}"),
                "warn" => tracing::warn!(target: "render::js", "{message}"),
                _ => tracing::debug!(target: "render::js", "{message}"),
            })
            .map_err(script)?;
            ctx.globals().set("__hostLog", log).map_err(script)?;
            // SAFETY: the bytes come from `compile` in this process, with this
            // QuickJS build, and `_bytecode` keeps them alive as long as the runtime.
            let module = unsafe { Module::load(ctx.clone(), &bytecode) }.catch(&ctx).map_err(script)?;
            let (module, promise) = module.eval().catch(&ctx).map_err(script)?;
            promise.finish::<()>().catch(&ctx).map_err(script)?;
            let render: Function = module.get("render").catch(&ctx).map_err(script)?;
            ctx.globals().set("__render", render).map_err(script)?;
            Ok(())
        })?;
        Ok(Self { context, _runtime: runtime, deadline, _bytecode: bytecode })
    }

    /// Calls the bundle's `render` with the page props; stops it at `deadline`.
    pub fn render(&mut self, props_json: &str, deadline: Instant) -> Result<String, EngineError> {
        self.deadline.set(Some(deadline));
        let result = self.context.with(|ctx| {
            let render: Function = ctx.globals().get("__render").catch(&ctx).map_err(|e| e.to_string())?;
            render.call::<_, String>((props_json,)).catch(&ctx).map_err(|e| e.to_string())
        });
        self.deadline.set(None);
        result.map_err(|message| {
            if Instant::now() >= deadline {
                EngineError::Timeout
            } else if message.contains("out of memory") {
                EngineError::OutOfMemory
            } else {
                EngineError::Script(message)
            }
        })
    }
}

fn script(e: impl std::fmt::Display) -> EngineError {
    EngineError::Script(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn engine(source: &str) -> JsEngine {
        JsEngine::new(compile(source).unwrap().into(), 32 << 20).unwrap()
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_millis(200)
    }

    #[test]
    fn renders_through_bytecode() {
        let mut e = engine("export function render(p) { return 'got ' + JSON.parse(p).x; }");
        assert_eq!(e.render(r#"{"x":42}"#, soon()).unwrap(), "got 42");
    }

    #[test]
    fn reports_script_errors_with_their_message() {
        let mut e = engine("export function render() { throw new Error('boom'); }");
        match e.render("{}", soon()) {
            Err(EngineError::Script(m)) => assert!(m.contains("boom"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn stops_an_endless_loop_at_the_deadline() {
        let mut e = engine("export function render() { for (;;) {} }");
        let start = Instant::now();
        assert_eq!(e.render("{}", Instant::now() + Duration::from_millis(50)), Err(EngineError::Timeout));
        assert!(start.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn stops_a_runaway_allocation_at_the_memory_limit() {
        let mut e = engine(
            "export function render() { const a = []; for (;;) a.push('x'.repeat(1000) + a.length); }",
        );
        assert_eq!(e.render("{}", Instant::now() + Duration::from_secs(10)), Err(EngineError::OutOfMemory));
    }

    #[test]
    fn a_syntax_error_fails_at_compile_time() {
        assert!(matches!(compile("export function render( {"), Err(EngineError::Script(_))));
    }
}
