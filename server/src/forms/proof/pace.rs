//! How many submissions the whole site accepted lately, and the level of
//! proof that asks for: none up to `proof_of_work.free_submissions` within
//! the window, then one level up per doubling.
use std::{
    collections::VecDeque,
    sync::Mutex,
    time::{Duration, Instant},
};

/// Accepted submissions per minute over the last `window` minutes.
pub struct Pace {
    window: u64,
    start: Instant,
    /// (minute since `start`, submissions in it), oldest first.
    minutes: Mutex<VecDeque<(u64, u32)>>,
}

impl Pace {
    pub fn new(window_minutes: u32) -> Self {
        Self { window: u64::from(window_minutes.max(1)), start: Instant::now(), minutes: Mutex::default() }
    }

    fn minute(&self, now: Instant) -> u64 {
        now.saturating_duration_since(self.start).as_secs() / 60
    }

    /// Counts one accepted submission at `now`.
    pub fn add(&self, now: Instant) {
        let minute = self.minute(now);
        let mut minutes = self.minutes.lock().unwrap_or_else(|e| e.into_inner());
        match minutes.back_mut() {
            Some((m, count)) if *m == minute => *count = count.saturating_add(1),
            _ => minutes.push_back((minute, 1)),
        }
        self.forget(&mut minutes, minute);
    }

    /// Submissions accepted within the window up to `now`.
    pub fn count(&self, now: Instant) -> u32 {
        let minute = self.minute(now);
        let mut minutes = self.minutes.lock().unwrap_or_else(|e| e.into_inner());
        self.forget(&mut minutes, minute);
        minutes.iter().map(|(_, count)| count).fold(0, |a, b| a.saturating_add(*b))
    }

    fn forget(&self, minutes: &mut VecDeque<(u64, u32)>, now: u64) {
        while minutes.front().is_some_and(|(m, _)| m + self.window <= now) {
            minutes.pop_front();
        }
    }

    /// How long the window is.
    pub fn window(&self) -> Duration {
        Duration::from_secs(self.window * 60)
    }
}

/// The level `count` submissions in the window call for: 0 below `free`, then
/// 1 + log2(count / free), at most `levels`.
pub fn level(count: u32, free: u32, levels: usize) -> usize {
    let ratio = count / free.max(1);
    if ratio == 0 {
        return 0;
    }
    (1 + ratio.ilog2() as usize).min(levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_doubling_beyond_the_free_count_is_one_level_up_to_the_last() {
        let levels: Vec<usize> =
            [0, 19, 20, 39, 40, 79, 80, 159, 160, 10_000].map(|n| level(n, 20, 4)).into();
        assert_eq!(levels, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(level(10_000, 20, 0), 0, "no levels: never asked");
    }

    #[test]
    fn the_count_covers_the_window_and_forgets_older_minutes() {
        let pace = Pace::new(10);
        let at = |minutes: u64, seconds: u64| pace.start + Duration::from_secs(minutes * 60 + seconds);
        for _ in 0..5 {
            pace.add(at(0, 30));
        }
        pace.add(at(4, 0));
        pace.add(at(9, 59));
        assert_eq!(pace.count(at(9, 59)), 7);
        assert_eq!(pace.count(at(10, 0)), 2, "minute 0 has left the window");
        assert_eq!(pace.count(at(14, 0)), 1);
        assert_eq!(pace.count(at(30, 0)), 0);
        pace.add(at(30, 1));
        assert_eq!(pace.count(at(30, 2)), 1);
        assert_eq!(pace.minutes.lock().unwrap().len(), 1, "nothing older is kept");
    }
}
