//! Proofs already used, remembered until their challenge expires: a proof is
//! good for one post. Bounded: when full of unexpired proofs, the next one is
//! refused rather than an old one forgotten (forgetting would let it be used
//! again).
use std::{
    collections::{HashSet, VecDeque},
    sync::Mutex,
};

#[derive(Debug, PartialEq, Eq)]
pub enum NotSpent {
    /// Used before.
    Again,
    /// As many unexpired proofs as may be remembered.
    Full,
}

pub struct Spent {
    max: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    nonces: HashSet<String>,
    /// (expiry in Unix seconds, nonce) in the order spent: every challenge lives
    /// equally long, so this is also the order of expiry, give or take the
    /// seconds between issue and use.
    order: VecDeque<(i64, String)>,
}

impl Spent {
    pub fn new(max: usize) -> Self {
        Self { max: max.max(1), inner: Mutex::default() }
    }

    /// Whether `nonce` was used already.
    pub fn contains(&self, nonce: &str) -> bool {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).nonces.contains(nonce)
    }

    /// Marks `nonce` (of a challenge valid until `expires`) used, at `now`.
    pub fn spend(&self, nonce: &str, expires: i64, now: i64) -> Result<(), NotSpent> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let Inner { nonces, order } = &mut *inner;
        // An expired challenge is refused however it comes, so it need not be remembered.
        while order.front().is_some_and(|(until, _)| *until < now) {
            if let Some((_, old)) = order.pop_front() {
                nonces.remove(&old);
            }
        }
        if nonces.contains(nonce) {
            return Err(NotSpent::Again);
        }
        if nonces.len() >= self.max {
            return Err(NotSpent::Full);
        }
        nonces.insert(nonce.to_string());
        order.push_back((expires, nonce.to_string()));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nonce_is_spent_once_and_forgotten_after_it_expired() {
        let spent = Spent::new(10);
        assert_eq!(spent.spend("a", 100, 50), Ok(()));
        assert!(spent.contains("a"));
        assert_eq!(spent.spend("a", 100, 60), Err(NotSpent::Again));
        assert_eq!(spent.spend("b", 200, 101), Ok(()));
        assert!(!spent.contains("a"), "expired: a proof of it is refused anyway");
    }

    #[test]
    fn when_full_of_live_proofs_the_next_is_refused_not_an_old_one_forgotten() {
        let spent = Spent::new(2);
        assert_eq!(spent.spend("a", 100, 0), Ok(()));
        assert_eq!(spent.spend("b", 100, 0), Ok(()));
        assert_eq!(spent.spend("c", 100, 1), Err(NotSpent::Full));
        assert_eq!(spent.spend("a", 100, 1), Err(NotSpent::Again), "still remembered");
        assert_eq!(spent.spend("c", 200, 101), Ok(()), "room again once they expired");
    }
}
