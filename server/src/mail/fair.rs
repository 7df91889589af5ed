//! Fair turns: which client a mail was caused by, and the order in which the
//! sender serves them (`state.rs` applies it), so that a network that queued a
//! hundred mails does not hold back one that queued one.
//!
//! A mail is filed under the client whose request queued it ([`Cause`]): the
//! key the edge counted the request by (its address, or its IPv6 /64), which
//! the application sets for the time a request is answered ([`caused_by`]) and
//! [`crate::mail::Outbox::commit`] reads. Mails no request caused (reminders,
//! the notice after a restore) share a cause of the site's own; a notice that a
//! mail could not be delivered keeps that mail's cause.
//!
//! A [`Lane`] is a cause with the kind of mailbox: staff's or anyone else's.
//! Staff mailboxes are few and every booking mails them, so staff mail takes
//! its turns apart from the rest: a client whose confirmation just went still
//! has its turn at the staff mailbox.
//!
//! The sender serves lanes round robin in two levels: first over networks
//! (a client's /24 for IPv4, its /48 for IPv6), then over the clients within
//! one network, each time the one served longest ago. Many addresses from one
//! range thus share one network's turn, and an address that shares a network
//! with a flood still gets its turn within it. A lane that has nothing queued is
//! forgotten: when it queues again it counts as not served yet, so it goes first.
use std::{
    collections::HashMap,
    future::Future,
    net::{IpAddr, Ipv4Addr, Ipv6Addr},
};

tokio::task_local! {
    static CAUSE: Option<IpAddr>;
}

/// Runs `answer` (a request being answered) with `client` as the cause of the
/// mails it queues.
pub fn caused_by<F: Future>(client: Option<IpAddr>, answer: F) -> impl Future<Output = F::Output> {
    CAUSE.scope(client, answer)
}

/// The network (/24, /48) of the client the calling task answers, if any:
/// what the gate of customer mails shares its hourly allowance by.
pub fn current_network() -> Option<IpAddr> {
    Cause::current().network()
}

/// The client a mail was caused by; `None` is the site itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Cause(Option<IpAddr>);

impl Cause {
    /// The client the calling task is answering, if any.
    pub(crate) fn current() -> Self {
        Self(CAUSE.try_with(|client| *client).ok().flatten())
    }

    /// As the store keeps it (`mails.client_network`): unreadable text is the site itself.
    pub(crate) fn parse(stored: Option<&str>) -> Self {
        Self(stored.and_then(|text| text.parse().ok()))
    }

    pub(crate) fn stored(self) -> Option<String> {
        self.0.map(|ip| ip.to_string())
    }

    /// The network the client is in: its /24, or for IPv6 its /48.
    fn network(self) -> Option<IpAddr> {
        self.0.map(|ip| match ip {
            IpAddr::V4(v4) => IpAddr::V4(Ipv4Addr::from(u32::from(v4) & !0xff)),
            IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::MAX >> 48))),
        })
    }
}

/// Where a mail waits for its turn: its cause, and whether it goes to staff.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Lane {
    pub(crate) cause: Cause,
    pub(crate) to_staff: bool,
}

impl Lane {
    fn network(self) -> (Option<IpAddr>, bool) {
        (self.cause.network(), self.to_staff)
    }
}

/// How many mails each lane and network has queued (in flight or not).
#[derive(Default)]
pub(crate) struct Waiting {
    lanes: HashMap<Lane, usize>,
    networks: HashMap<(Option<IpAddr>, bool), usize>,
}

impl Waiting {
    /// One more mail queued in `lane`.
    pub(crate) fn add(&mut self, lane: Lane) {
        *self.lanes.entry(lane).or_default() += 1;
        *self.networks.entry(lane.network()).or_default() += 1;
    }

    /// One mail fewer queued in `lane`; lanes and networks with none are dropped.
    pub(crate) fn remove(&mut self, lane: Lane) {
        fn less<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
            if let Some(n) = counts.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(&key);
                }
            }
        }
        less(&mut self.lanes, lane);
        less(&mut self.networks, lane.network());
    }
}

/// When each network and lane with mails queued was last served.
#[derive(Default)]
pub(crate) struct Turns {
    served: u64,
    networks: HashMap<(Option<IpAddr>, bool), u64>,
    lanes: HashMap<Lane, u64>,
}

impl Turns {
    /// Sorts before every lane served later: first its network's last turn
    /// (0: not served since it last had mail queued), then within the network
    /// the lane's own. Among networks or lanes not served yet, the one with
    /// fewer mails waiting goes first: a client that queued one mail is not
    /// held back by new clients that queued a hundred.
    pub(crate) fn rank(&self, lane: Lane, waiting: &Waiting) -> [u64; 4] {
        let network = lane.network();
        let count = |n: Option<&usize>| n.copied().unwrap_or(0) as u64;
        [
            self.networks.get(&network).copied().unwrap_or(0),
            count(waiting.networks.get(&network)),
            self.lanes.get(&lane).copied().unwrap_or(0),
            count(waiting.lanes.get(&lane)),
        ]
    }

    /// `lane` took a turn; lanes and networks with nothing queued are forgotten.
    pub(crate) fn served(&mut self, lane: Lane, waiting: &Waiting) {
        self.served += 1;
        self.networks.insert(lane.network(), self.served);
        self.lanes.insert(lane, self.served);
        self.lanes.retain(|lane, _| waiting.lanes.contains_key(lane));
        self.networks.retain(|network, _| waiting.networks.contains_key(network));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lane(ip: &str) -> Lane {
        Lane { cause: Cause(Some(ip.parse().unwrap())), to_staff: false }
    }

    /// Serves the lane ranked first among `queued` (with their number of mails) `n` times.
    fn count(queued: &[(Lane, usize)]) -> Waiting {
        let mut waiting = Waiting::default();
        for (lane, n) in queued {
            (0..*n).for_each(|_| waiting.add(*lane));
        }
        waiting
    }

    fn serve(turns: &mut Turns, queued: &mut Vec<(Lane, usize)>, n: usize) -> Vec<Lane> {
        let mut order = Vec::new();
        for _ in 0..n {
            let waiting = count(queued);
            let Some(at) = (0..queued.len()).min_by_key(|&i| (turns.rank(queued[i].0, &waiting), i)) else {
                break;
            };
            let lane = queued[at].0;
            queued[at].1 -= 1;
            queued.retain(|(_, left)| *left > 0);
            let waiting = count(queued);
            turns.served(lane, &waiting);
            order.push(lane);
        }
        order
    }

    #[test]
    fn networks_take_turns_and_a_lane_with_one_mail_waits_for_no_flood() {
        let (flood_a, flood_b, one) = (lane("198.51.100.7"), lane("203.0.113.9"), lane("192.0.2.1"));
        let (mut turns, mut queued) = (Turns::default(), vec![(flood_a, 100), (flood_b, 100)]);
        assert_eq!(serve(&mut turns, &mut queued, 3), [flood_a, flood_b, flood_a]);
        // One mail from elsewhere goes next, and its lane is forgotten once it is empty.
        queued.push((one, 1));
        assert_eq!(serve(&mut turns, &mut queued, 3), [one, flood_b, flood_a]);
        assert_eq!(turns.rank(one, &Waiting::default()), [0; 4]);
        assert_eq!(turns.lanes.len(), 2);
    }

    #[test]
    fn of_the_clients_not_served_yet_the_one_with_fewest_mails_goes_first() {
        let floods: Vec<Lane> = (1..=5).map(|i| lane(&format!("198.51.{i}.7"))).collect();
        let (one, two) = (lane("192.0.2.1"), lane("203.0.113.9"));
        let mut queued: Vec<(Lane, usize)> = floods.iter().map(|l| (*l, 20)).collect();
        queued.extend([(two, 2), (one, 1)]);
        let order = serve(&mut Turns::default(), &mut queued, 4);
        assert_eq!(order, [one, two, floods[0], floods[1]]);
    }

    #[test]
    fn many_addresses_of_one_network_share_its_turn() {
        let range: Vec<Lane> = (1..=10).map(|i| lane(&format!("198.51.100.{i}"))).collect();
        let elsewhere = lane("2001:db8:1:2::");
        let mut queued: Vec<(Lane, usize)> = range.iter().map(|l| (*l, 10)).collect();
        queued.push((elsewhere, 5));
        let order = serve(&mut Turns::default(), &mut queued, 10);
        let served_elsewhere = order.iter().filter(|l| **l == elsewhere).count();
        assert_eq!(served_elsewhere, 5, "every other turn: {order:?}");
        // Within the range, its addresses take turns too.
        let range_turns: Vec<Lane> = order.into_iter().filter(|l| *l != elsewhere).collect();
        assert_eq!(range_turns, range[..5]);
    }

    #[test]
    fn staff_mail_takes_its_turns_apart_from_the_rest() {
        let (flood, one) = (lane("198.51.100.7"), lane("192.0.2.1"));
        let one_to_staff = Lane { to_staff: true, ..one };
        let mut turns = Turns::default();
        let mut queued =
            vec![(flood, 50), (Lane { to_staff: true, ..flood }, 50), (one, 1), (one_to_staff, 1)];
        // The client's confirmation went first; its staff mail is still the first staff mail to go.
        assert_eq!(serve(&mut turns, &mut queued, 1), [one]);
        let order = serve(&mut turns, &mut queued, 3);
        assert_eq!(order.iter().find(|l| l.to_staff), Some(&one_to_staff), "{order:?}");
    }

    #[test]
    fn ipv6_networks_are_slash_48() {
        let network = |ip: &str| lane(ip).cause.network();
        assert_eq!(network("2001:db8:1:2::"), network("2001:db8:1:ffff::"));
        assert_ne!(network("2001:db8:1:2::"), network("2001:db8:2:2::"));
        assert_eq!(network("198.51.100.7"), network("198.51.100.200"));
        assert_eq!(Cause::default().network(), None);
    }

    #[test]
    fn a_cause_is_stored_as_text_and_unreadable_text_is_the_site_itself() {
        let cause = lane("2001:db8::").cause;
        assert_eq!(Cause::parse(cause.stored().as_deref()), cause);
        assert_eq!(Cause::parse(Some("not an address")), Cause::default());
        assert_eq!(Cause::parse(None).stored(), None);
    }
}
