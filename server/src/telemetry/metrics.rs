//! Prometheus metrics (OpenMetrics text at `/metrics`). The counters live in one
//! process-wide registry so every part of the server can count without being
//! handed a handle; gauges of queues are read when scraped.
use std::{cell::RefCell, collections::HashMap, sync::LazyLock};

use prometheus_client::{
    encoding::EncodeLabelSet,
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{exponential_buckets, Histogram},
    },
    registry::Registry,
};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ProviderLabels {
    provider: &'static str,
    operation: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OperationLabels {
    operation: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct SpamLabels {
    form: &'static str,
    reason: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct MailLabels {
    event: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ResultLabels {
    result: &'static str,
}

fn seconds_histogram() -> Histogram {
    // 0.5 ms … ~16 s
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    render_seconds: Histogram,
    page_cache: Family<ResultLabels, Counter>,
    render_queue_depth: Gauge,
    spool_depth: Gauge,
    oldest_undelivered_seconds: Gauge,
    provider_errors: Family<ProviderLabels, Counter>,
    budget_refused: Family<OperationLabels, Counter>,
    spam: Family<SpamLabels, Counter>,
    rate_limited: Family<RouteLabels, Counter>,
    mail: Family<MailLabels, Counter>,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut m = Metrics {
        registry: Registry::with_prefix("taxi"),
        requests: Family::default(),
        latency: Family::new_with_constructor(seconds_histogram),
        render_seconds: seconds_histogram(),
        page_cache: Family::default(),
        render_queue_depth: Gauge::default(),
        spool_depth: Gauge::default(),
        oldest_undelivered_seconds: Gauge::default(),
        provider_errors: Family::default(),
        budget_refused: Family::default(),
        spam: Family::default(),
        rate_limited: Family::default(),
        mail: Family::default(),
    };
    let registry = &mut m.registry;
    registry.register(
        "http_requests",
        "HTTP requests answered, by route pattern and status",
        m.requests.clone(),
    );
    registry.register(
        "http_request_duration_seconds",
        "Time to answer a request, by route pattern",
        m.latency.clone(),
    );
    registry.register(
        "render_duration_seconds",
        "Server-side rendering time of one page",
        m.render_seconds.clone(),
    );
    registry.register(
        "page_cache_lookups",
        "Rendered-page cache look-ups (hit or miss)",
        m.page_cache.clone(),
    );
    registry.register(
        "render_queue_depth",
        "Pages waiting for a render worker",
        m.render_queue_depth.clone(),
    );
    registry.register("spool_depth", "Mails queued and not yet delivered", m.spool_depth.clone());
    registry.register(
        "spool_oldest_undelivered_seconds",
        "Age of the oldest undelivered mail",
        m.oldest_undelivered_seconds.clone(),
    );
    registry.register(
        "provider_errors",
        "Failed calls to the places and routes provider",
        m.provider_errors.clone(),
    );
    registry.register(
        "places_budget_refused",
        "Calls to Google not made because the site-wide budget was used up (answered offline)",
        m.budget_refused.clone(),
    );
    registry.register("spam_discarded", "Form submissions taken for spam", m.spam.clone());
    registry.register(
        "rate_limited",
        "Requests refused by the per-client rate limit",
        m.rate_limited.clone(),
    );
    registry.register(
        "mail_events",
        "Mail delivery events: delivered, temporary_failure, permanent_failure, outcome_unknown, given_up, quarantined, superseded, notice_sent, notice_failed",
        m.mail.clone(),
    );
    m
});

/// Counts a request and observes its duration. Each worker thread keeps the
/// handles it has used (a route's histogram, a counter per method and status):
/// a request then takes neither a family's lock nor a label's copy. Routes are
/// patterns and statuses few, so the cache stays small.
pub fn request(method: &'static str, route: &str, status: u16, seconds: f64) {
    type Handles = HashMap<String, (Histogram, Vec<(&'static str, u16, Counter)>)>;
    thread_local! {
        static HANDLES: RefCell<Handles> = RefCell::default();
    }
    HANDLES.with_borrow_mut(|handles| {
        if !handles.contains_key(route) {
            let latency = METRICS.latency.get_or_create(&RouteLabels { route: route.to_string() }).clone();
            handles.insert(route.to_string(), (latency, Vec::new()));
        }
        let (latency, counters) = handles.get_mut(route).expect("inserted above");
        latency.observe(seconds);
        match counters.iter().find(|(m, s, _)| *m == method && *s == status) {
            Some((_, _, counter)) => {
                counter.inc();
            }
            None => {
                let counter = METRICS
                    .requests
                    .get_or_create(&RequestLabels { method, route: route.to_string(), status })
                    .clone();
                counter.inc();
                counters.push((method, status, counter));
            }
        };
    });
}

pub fn render(seconds: f64) {
    METRICS.render_seconds.observe(seconds);
}

pub fn page_cache(hit: bool) {
    // Looked up once: a counter is a shared handle, so no lock per page view.
    static HIT_MISS: LazyLock<[Counter; 2]> = LazyLock::new(|| {
        ["hit", "miss"].map(|result| METRICS.page_cache.get_or_create(&ResultLabels { result }).clone())
    });
    HIT_MISS[usize::from(!hit)].inc();
}

pub fn provider_error(provider: &'static str, operation: &'static str) {
    METRICS.provider_errors.get_or_create(&ProviderLabels { provider, operation }).inc();
}

pub fn places_budget_refused(operation: &'static str) {
    METRICS.budget_refused.get_or_create(&OperationLabels { operation }).inc();
}

pub fn spam_discarded(form: &'static str, reason: &'static str) {
    METRICS.spam.get_or_create(&SpamLabels { form, reason }).inc();
}

pub fn rate_limited(route: String) {
    METRICS.rate_limited.get_or_create(&RouteLabels { route }).inc();
}

/// Counts one mail delivery event (one of the names in the help text of `mail_events`).
pub fn mail(event: &'static str) {
    METRICS.mail.get_or_create(&MailLabels { event }).inc();
}

/// The values read at scrape time.
pub struct Gauges {
    pub render_queue_depth: usize,
    pub spool_depth: usize,
    pub oldest_undelivered_seconds: Option<u64>,
}

/// The exposition text, with the gauges set to `now`.
pub fn encode(now: Gauges) -> String {
    let m = &*METRICS;
    m.render_queue_depth.set(now.render_queue_depth as i64);
    m.spool_depth.set(now.spool_depth as i64);
    m.oldest_undelivered_seconds.set(now.oldest_undelivered_seconds.unwrap_or(0) as i64);
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &m.registry)
        .expect("writing to a String cannot fail");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_show_up_in_the_exposition() {
        request("GET", "/unit-test-route", 200, 0.003);
        request("GET", "/unit-test-route", 200, 0.003);
        request("GET", "/unit-test-route", 404, 0.003);
        spam_discarded("contact", "honeypot");
        mail("given_up");
        let text =
            encode(Gauges { render_queue_depth: 2, spool_depth: 5, oldest_undelivered_seconds: Some(7) });
        // Counted through each thread's cached handles, into the shared families.
        assert!(
            text.contains(
                r#"taxi_http_requests_total{method="GET",route="/unit-test-route",status="200"} 2"#
            ),
            "{text}"
        );
        assert!(
            text.contains(
                r#"taxi_http_requests_total{method="GET",route="/unit-test-route",status="404"} 1"#
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"taxi_http_request_duration_seconds_count{route="/unit-test-route"} 3"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#"taxi_http_request_duration_seconds_bucket{le="0.004",route="/unit-test-route"}"#
            ),
            "{text}"
        );
        assert!(text.contains(r#"taxi_spam_discarded_total{form="contact",reason="honeypot"}"#), "{text}");
        assert!(text.contains("taxi_spool_depth 5\n"), "{text}");
        assert!(text.contains(r#"taxi_mail_events_total{event="given_up"} "#), "{text}");
        assert!(text.contains("taxi_render_queue_depth 2\n"), "{text}");
        assert!(text.ends_with("# EOF\n"));
    }
}
