//! Token buckets: per client for form posts, for look-ups and for pages that
//! look places up on their own; per network (an IPv4 /24, an IPv6 /48) for
//! form posts and look-ups of all its clients together (and, in
//! `forms::caps`, one for the whole site's confirmation mails). Over a limit:
//! 429 with `Retry-After` and a localized message. `Retry-After` is the time
//! until the next token plus up to half of it again at random: clients that
//! obey it do not all come back at the instant a token is free.
//!
//! Which limiter applies is decided by the route a request matched (see
//! [`crate::edge`]), never by looking at the path.
use std::{
    hash::Hash,
    net::IpAddr,
    num::NonZeroUsize,
    sync::Mutex,
    time::{Duration, Instant},
};

use lru::LruCache;

use crate::config::LimitSettings;

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// `capacity` requests per `period` per key, refilled evenly. Keys are kept in a
/// bounded map; the least recently seen is forgotten first (O(1)), which at worst
/// gives that client a full bucket again.
pub struct Limiter<K: Hash + Eq = IpAddr> {
    capacity: u32,
    period: Duration,
    buckets: Mutex<LruCache<K, Bucket>>,
}

impl<K: Hash + Eq> Limiter<K> {
    /// `capacity` 0 turns the limiter off.
    pub fn new(capacity: u32, period: Duration, max_keys: usize) -> Self {
        let max_keys = NonZeroUsize::new(max_keys).unwrap_or(NonZeroUsize::MIN);
        Self { capacity, period, buckets: Mutex::new(LruCache::new(max_keys)) }
    }

    pub fn per_minute(capacity: u32, max_keys: usize) -> Self {
        Self::new(capacity, Duration::from_secs(60), max_keys)
    }

    /// Takes one token: `Ok` when the key may go on; else the seconds to wait
    /// (at least until it may, see the module's comment).
    pub fn check(&self, key: K) -> Result<(), u64> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: K, now: Instant) -> Result<(), u64> {
        if self.capacity == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.capacity);
        let per_second = capacity / self.period.as_secs_f64();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let bucket = buckets.get_or_insert_mut(key, || Bucket { tokens: capacity, at: now });
        bucket.tokens = (bucket.tokens + now.saturating_duration_since(bucket.at).as_secs_f64() * per_second)
            .min(capacity);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let exact = ((1.0 - bucket.tokens) / per_second).ceil().max(1.0) as u64;
            Err(exact + jitter(exact / 2))
        }
    }

    /// Keys currently remembered.
    pub fn tracked(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// Seconds from 0 to `max`, at random.
fn jitter(max: u64) -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes) % (max + 1),
        Err(_) => max,
    }
}

/// The per-client limiters, and the same for every client of a network
/// together (`edge::client::ClientResolver::network`).
pub struct RateLimits {
    pub forms: Limiter,
    pub lookups: Limiter,
    /// Reservation pages opened with a route that may look places up; beyond it
    /// such a page is still served, without look-ups (not a refusal).
    pub prefills: Limiter,
    pub network_forms: Limiter,
    pub network_lookups: Limiter,
}

impl RateLimits {
    pub fn new(settings: &LimitSettings) -> Self {
        let per_minute = |capacity| Limiter::per_minute(capacity, settings.max_tracked_clients);
        Self {
            forms: per_minute(settings.rate_limit_per_minute),
            lookups: per_minute(settings.lookup_rate_limit_per_minute),
            prefills: per_minute(settings.prefill_lookups_per_minute),
            network_forms: per_minute(settings.network_rate_limit_per_minute),
            network_lookups: per_minute(settings.network_lookup_rate_limit_per_minute),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_limit_then_asks_to_wait() {
        let limiter = Limiter::per_minute(10, 100);
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..10 {
            assert_eq!(limiter.check(client), Ok(()));
        }
        let wait = limiter.check(client).unwrap_err();
        assert!((6..=9).contains(&wait), "{wait}");
        assert_eq!(limiter.check("192.0.2.2".parse().unwrap()), Ok(()), "other clients unaffected");
    }

    #[test]
    fn tokens_come_back_with_time() {
        let limiter: Limiter<u8> = Limiter::new(2, Duration::from_secs(3600), 10);
        let start = Instant::now();
        assert!(limiter.check_at(1, start).is_ok() && limiter.check_at(1, start).is_ok());
        let waits: Vec<u64> = (0..50).map(|_| limiter.check_at(1, start).unwrap_err()).collect();
        assert!(waits.iter().all(|w| (1800..=2700).contains(w)), "{waits:?}");
        assert!(waits.iter().any(|w| *w != waits[0]), "the wait is not the exact refill time: {waits:?}");
        assert!(limiter.check_at(1, start + Duration::from_secs(1800)).is_ok());
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = Limiter::per_minute(0, 10);
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        assert!((0..1000).all(|_| limiter.check(client).is_ok()));
    }

    #[test]
    fn the_map_stays_bounded_and_forgets_the_least_recent() {
        let limiter: Limiter<u32> = Limiter::per_minute(1, 1000);
        for key in 0..100_000 {
            let _ = limiter.check(key);
        }
        assert_eq!(limiter.tracked(), 1000);
        assert!(limiter.check(99_999).is_err(), "a recent client keeps its empty bucket");
        assert!(limiter.check(0).is_ok(), "a forgotten one starts afresh");
    }
}
