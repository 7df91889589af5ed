//! Private pages (staff answers, the manage page) are rendered afresh at every
//! request, so a signed link looped by a flood costs renders: each view counts
//! as a look-up of its client and network, and holds one render slot of its
//! client and one of its network, so many addresses of one network cannot fill
//! the render queue that everyone's pages need.
use std::{sync::Arc, time::Duration};

use crate::{
    desk::{desk_limited_rendering, Desk},
    helpers::Flood,
};

/// Renders that take a while, so a flood keeps the queue full.
const SLOW: &str =
    "export function render() { const end = Date.now() + 40; while (Date.now() < end) {} return '<p>slow</p>'; }";

async fn desk(lookups: &str) -> (Arc<Desk>, String) {
    let limits = format!("rate_limit_per_minute = 0\ntrusted_proxies = [\"127.0.0.1\"]\n{lookups}");
    let desk = desk_limited_rendering(&limits, SLOW).await;
    let reference = desk.book("en").await;
    let link = desk.link(&reference, "propose").await;
    // As in production, where pages are rendered at start-up: the error page
    // (which a refusal shows) comes from the cache.
    assert_eq!(desk.app.get("/no-such-page").await.status(), 404);
    (Arc::new(desk), link)
}

async fn view(desk: &Desk, link: &str, client: &str) -> u16 {
    desk.app.get_with(link, &[("X-Forwarded-For", client)]).await.status().as_u16()
}

#[actix_web::test]
async fn a_private_page_looped_counts_as_look_ups_of_its_client() {
    let (desk, link) = desk("lookup_rate_limit_per_minute = 3").await;
    for _ in 0..3 {
        assert_eq!(view(&desk, &link, "198.51.100.1").await, 200);
    }
    assert_eq!(view(&desk, &link, "198.51.100.1").await, 429);
    assert_eq!(view(&desk, &link, "198.51.100.2").await, 200, "a neighbour has its own");
}

#[actix_web::test]
async fn many_addresses_of_one_network_looping_a_private_page_leave_room_for_others() {
    let (desk, link) = desk("").await;
    // Forty addresses of one /24, four views each at a time: each within its
    // own share of the render queue (8), together more than the queue (64).
    let flood = Flood::start(160, {
        let (desk, link) = (desk.clone(), link.clone());
        move |n| {
            let (desk, link) = (desk.clone(), link.clone());
            async move { view(&desk, &link, &format!("198.51.100.{}", n % 40 + 1)).await }
        }
    });
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    let mut others = Vec::new();
    for _ in 0..3 {
        others.push(view(&desk, &link, "203.0.113.7").await);
    }
    let flooder = flood.stop().await;
    assert_eq!(others, [200, 200, 200], "a client of another network");
    assert!(flooder.contains(&200) && flooder.contains(&429), "the network gets its share");
    assert!(
        !flooder.contains(&503),
        "the queue never filled up: {} of {}",
        flooder.iter().filter(|s| **s == 503).count(),
        flooder.len()
    );
}
