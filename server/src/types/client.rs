//! Who a request came from, as the edge counted it: the same two keys serve
//! every limit further in (the render queue's shares, the proof of work's
//! challenges), so a client is never counted one way here and another there.
use std::net::IpAddr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientKey {
    /// Its address, or its IPv6 /64.
    pub client: IpAddr,
    /// Its network, shared with its neighbours: an IPv4 /24, an IPv6 /48.
    pub network: IpAddr,
}
