//! [`Clients`]: what each client holds, so that one client cannot take the whole server. A
//! client is an address: the TCP peer's, or — when the peer is a trusted reverse proxy — the
//! one its `X-Forwarded-For` names; an IPv6 client is its /64 (one host usually has all of it).
//!
//! Per client it counts TCP sockets (untrusted peers only: a proxy carries many clients),
//! WebSocket connections, rooms open and room creations (a token bucket), and wrong guesses
//! at room passwords and room ids, which earn a doubling back-off. Every count is released by
//! a guard's `Drop`, so nothing leaks when a task ends early.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use sgs_protocol::ErrorCode;
use tokio::sync::Notify;

use crate::config::Config;
use crate::error::ServerError;

/// A client's address as counted (IPv4, or an IPv6 /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    pub fn of(ip: IpAddr) -> ClientKey {
        match canonical(ip) {
            IpAddr::V6(v6) => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                ClientKey(IpAddr::V6(bits.into()))
            }
            v4 => ClientKey(v4),
        }
    }

    pub fn ip(&self) -> IpAddr {
        self.0
    }
}

impl std::fmt::Display for ClientKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(_) => write!(f, "{}/64", self.0),
            IpAddr::V4(_) => write!(f, "{}", self.0),
        }
    }
}

/// An IPv4 address mapped into IPv6 is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// An address block (`10.0.0.0/8`, `::1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    base: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let text = text.trim();
        let (ip, prefix) = match text.split_once('/') {
            Some((ip, prefix)) => (ip, Some(prefix)),
            None => (text, None),
        };
        let base: IpAddr = ip
            .parse()
            .map_err(|_| format!("not an address: {text:?}"))?;
        let base = canonical(base);
        let max = if base.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("bad prefix in {text:?}"))?,
            None => max,
        };
        Ok(Cidr { base, prefix })
    }
}

impl Cidr {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        let (a, b, width) = match (self.base, ip) {
            (IpAddr::V4(a), IpAddr::V4(b)) => {
                (u128::from(u32::from(a)), u128::from(u32::from(b)), 32)
            }
            (IpAddr::V6(a), IpAddr::V6(b)) => (u128::from(a), u128::from(b), 128),
            _ => return false,
        };
        let host_bits = width - u32::from(self.prefix);
        host_bits >= 128 || (a >> host_bits) == (b >> host_bits)
    }
}

/// Where a TCP connection comes from (put into every request by the listener).
#[derive(Clone, Debug)]
pub struct Peer {
    pub ip: IpAddr,
    /// A trusted proxy: its `X-Forwarded-For` names the client.
    pub trusted: bool,
    /// Holds the socket's place in the counts while anything uses the socket.
    pub socket: Arc<SocketGuard>,
}

#[derive(Debug, Default)]
struct Entry {
    sockets: usize,
    connections: usize,
    rooms: usize,
    /// Room creations left in the bucket, and when it was last filled.
    creations: Option<(f64, Instant)>,
    /// Wrong guesses so far, and when the next guess may be tried.
    guesses: u32,
    next_guess: Option<Instant>,
    last_guess: Option<Instant>,
}

impl Entry {
    fn is_unused(&self, now: Instant) -> bool {
        self.sockets == 0
            && self.connections == 0
            && self.rooms == 0
            && self
                .creations
                .is_none_or(|(_, at)| now >= at + Duration::from_secs(600))
            && self
                .last_guess
                .is_none_or(|at| now >= at + Duration::from_secs(900))
    }
}

/// Every client's counts.
#[derive(Debug)]
pub struct Clients {
    trusted: Vec<Cidr>,
    per_client: usize,
    max_rooms: usize,
    creations_per_sec: f64,
    password_tries: u32,
    max_sockets: usize,
    table: Mutex<HashMap<ClientKey, Entry>>,
    sockets: AtomicUsize,
    /// Signalled when a socket closes (the listener waits for one below its cap).
    freed: Notify,
}

/// How a WebSocket connection was let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    Open,
    /// Over a share: it must say `hello` with a session token that holds a seat.
    SeatedOnly,
}

/// What kind of count a guard releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Socket,
    Connection,
    Room,
}

/// Releases one count when dropped.
#[derive(Debug)]
pub struct Guard {
    clients: Arc<Clients>,
    key: ClientKey,
    count: Count,
}

pub type SocketGuard = Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        let mut table = self.clients.lock();
        if let Some(entry) = table.get_mut(&self.key) {
            let count = match self.count {
                Count::Socket => &mut entry.sockets,
                Count::Connection => &mut entry.connections,
                Count::Room => &mut entry.rooms,
            };
            *count = count.saturating_sub(1);
            if entry.is_unused(Instant::now()) {
                table.remove(&self.key);
            }
        }
        drop(table);
        if self.count == Count::Socket {
            self.clients.sockets.fetch_sub(1, Ordering::AcqRel);
            self.clients.freed.notify_one();
        }
    }
}

impl Guard {
    pub fn key(&self) -> ClientKey {
        self.key
    }
}

impl Clients {
    pub fn new(config: &Config) -> Result<Clients, String> {
        let trusted = config
            .trusted_proxies
            .iter()
            .filter(|t| !t.trim().is_empty())
            .map(|t| t.parse())
            .collect::<Result<Vec<Cidr>, String>>()?;
        Ok(Clients {
            trusted,
            per_client: config.max_connections_per_client.max(1),
            max_rooms: config.max_rooms_per_client.max(1),
            creations_per_sec: config.room_creations_per_min.max(0.0) / 60.0,
            password_tries: config.password_tries,
            max_sockets: config.max_sockets.max(1),
            table: Mutex::new(HashMap::new()),
            sockets: AtomicUsize::new(0),
            freed: Notify::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<ClientKey, Entry>> {
        // Counts only: a poisoned lock still holds usable numbers.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn guard(self: &Arc<Self>, key: ClientKey, count: Count) -> Guard {
        Guard {
            clients: self.clone(),
            key,
            count,
        }
    }

    pub fn is_trusted(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|cidr| cidr.contains(ip))
    }

    /// The client behind a request from `peer`: the peer itself, or for a trusted proxy the
    /// right-most address of `X-Forwarded-For` that is not itself a trusted proxy.
    pub fn client_of(&self, peer: &Peer, headers: &HeaderMap) -> ClientKey {
        if peer.trusted {
            let forwarded = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .collect::<Vec<_>>();
            for hop in forwarded.iter().rev() {
                let Ok(ip) = hop.trim().parse::<IpAddr>() else {
                    break; // garbage: stop trusting what is left of it
                };
                if !self.is_trusted(ip) {
                    return ClientKey::of(ip);
                }
            }
        }
        ClientKey::of(peer.ip)
    }

    /// TCP sockets open now.
    pub fn sockets(&self) -> usize {
        self.sockets.load(Ordering::Acquire)
    }

    /// Waits until fewer than the cap of sockets are open.
    pub async fn wait_for_socket(&self, cap: usize) {
        loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            if self.sockets() < cap {
                return;
            }
            freed.await;
        }
    }

    /// The socket cap: `--max-sockets`, below the file descriptor limit.
    pub fn max_sockets(&self) -> usize {
        self.max_sockets
    }

    /// Counts a new TCP socket from `ip`; `None` when an untrusted peer already holds its
    /// share (twice `--max-connections-per-client`).
    pub fn admit_socket(self: &Arc<Self>, ip: IpAddr, trusted: bool) -> Option<Arc<SocketGuard>> {
        let key = ClientKey::of(ip);
        let mut table = self.lock();
        let entry = table.entry(key).or_default();
        if !trusted && entry.sockets >= self.per_client.saturating_mul(2) {
            return None;
        }
        entry.sockets += 1;
        drop(table);
        self.sockets.fetch_add(1, Ordering::AcqRel);
        Some(Arc::new(self.guard(key, Count::Socket)))
    }

    /// Counts a new WebSocket connection of `key`: `Open` within its share, `SeatedOnly` for
    /// a few more (or when the server's open share is used up: `full`), refused past that.
    pub fn admit_connection(
        self: &Arc<Self>,
        key: ClientKey,
        full: bool,
    ) -> Option<(Admission, Guard)> {
        let mut table = self.lock();
        let entry = table.entry(key).or_default();
        let reserve = (self.per_client / 4).clamp(2, 8);
        if entry.connections >= self.per_client + reserve {
            return None;
        }
        let admission = if full || entry.connections >= self.per_client {
            Admission::SeatedOnly
        } else {
            Admission::Open
        };
        entry.connections += 1;
        drop(table);
        Some((admission, self.guard(key, Count::Connection)))
    }

    /// A new room created by `key`: within its rooms open and its creation rate.
    pub fn admit_room(self: &Arc<Self>, key: ClientKey) -> Result<Guard, ServerError> {
        let now = Instant::now();
        let mut table = self.lock();
        let entry = table.entry(key).or_default();
        if entry.rooms >= self.max_rooms {
            return Err(ServerError::new(
                ErrorCode::ServerFull,
                format!(
                    "{} rooms from your address are open; close one first",
                    entry.rooms
                ),
            ));
        }
        let burst = self.max_rooms as f64;
        let (tokens, at) = entry.creations.unwrap_or((burst, now));
        let tokens = (tokens
            + now.saturating_duration_since(at).as_secs_f64() * self.creations_per_sec)
            .min(burst);
        if tokens < 1.0 {
            entry.creations = Some((tokens, now));
            return Err(ServerError::new(
                ErrorCode::RateLimited,
                "too many rooms created from your address; try again later",
            ));
        }
        entry.creations = Some((tokens - 1.0, now));
        entry.rooms += 1;
        drop(table);
        Ok(self.guard(key, Count::Room))
    }

    /// May `key` try a room password (or room id) now?
    pub fn may_guess(&self, key: ClientKey) -> Result<(), ServerError> {
        let now = Instant::now();
        let table = self.lock();
        match table.get(&key).and_then(|e| e.next_guess) {
            Some(at) if at > now => Err(ServerError::new(
                ErrorCode::TooManyAttempts,
                format!(
                    "too many wrong room codes or passwords; wait {} s",
                    at.duration_since(now).as_secs() + 1
                ),
            )),
            _ => Ok(()),
        }
    }

    /// `key` named a room that does not exist or gave a wrong password: past the free tries,
    /// each further one waits twice as long (1 s … 5 min).
    pub fn guessed_wrong(&self, key: ClientKey) {
        let now = Instant::now();
        let mut table = self.lock();
        let entry = table.entry(key).or_default();
        if entry
            .last_guess
            .is_some_and(|at| now >= at + Duration::from_secs(900))
        {
            entry.guesses = 0;
        }
        entry.guesses = entry.guesses.saturating_add(1);
        entry.last_guess = Some(now);
        if let Some(over) = entry.guesses.checked_sub(self.password_tries) {
            let wait = Duration::from_secs(1u64 << over.min(9)).min(Duration::from_secs(300));
            entry.next_guess = Some(now + wait);
        }
    }
}

// Tests only: an unwrap here fails the test, no client input reaches it.
#[cfg(test)]
mod tests {
    use super::*;

    fn clients(config: Config) -> Arc<Clients> {
        Arc::new(Clients::new(&config).unwrap())
    }

    #[test]
    fn blocks_and_keys() {
        let cidr: Cidr = "10.0.0.0/8".parse().unwrap();
        assert!(cidr.contains("10.1.2.3".parse().unwrap()));
        assert!(!cidr.contains("11.0.0.1".parse().unwrap()));
        assert!(cidr.contains("::ffff:10.0.0.1".parse().unwrap()));
        assert!("0.0.0.0/0"
            .parse::<Cidr>()
            .unwrap()
            .contains("1.2.3.4".parse().unwrap()));
        assert!("::1"
            .parse::<Cidr>()
            .unwrap()
            .contains("::1".parse().unwrap()));
        assert!("1.2.3.4/33".parse::<Cidr>().is_err());
        let a = ClientKey::of("2001:db8::1".parse().unwrap());
        let b = ClientKey::of("2001:db8::ffff:2".parse().unwrap());
        assert_eq!(a, b, "one /64 is one client");
    }

    #[test]
    fn forwarded_addresses_count_only_through_trusted_proxies() {
        let clients = clients(Config::default());
        let peer = |ip: &str, trusted| Peer {
            ip: ip.parse().unwrap(),
            trusted,
            socket: clients.admit_socket(ip.parse().unwrap(), trusted).unwrap(),
        };
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "6.6.6.6, 5.5.5.5, 127.0.0.1".parse().unwrap(),
        );
        let proxy = peer("127.0.0.1", true);
        assert_eq!(
            clients.client_of(&proxy, &headers).ip().to_string(),
            "5.5.5.5"
        );
        let direct = peer("9.9.9.9", false);
        assert_eq!(
            clients.client_of(&direct, &headers).ip().to_string(),
            "9.9.9.9"
        );
        assert_eq!(
            clients
                .client_of(&proxy, &HeaderMap::new())
                .ip()
                .to_string(),
            "127.0.0.1"
        );
    }

    #[test]
    fn shares_and_back_off() {
        let config = Config {
            max_connections_per_client: 4,
            max_rooms_per_client: 2,
            password_tries: 2,
            ..Config::default()
        };
        let clients = clients(config);
        let key = ClientKey::of("1.2.3.4".parse().unwrap());
        let mut held = Vec::new();
        while let Some((admission, guard)) = clients.admit_connection(key, false) {
            held.push((admission, guard));
        }
        let open = held.iter().filter(|(a, _)| *a == Admission::Open).count();
        assert_eq!((open, held.len()), (4, 6));
        held.clear();
        assert!(clients.lock().is_empty(), "guards release their counts");
        let rooms: Vec<_> = (0..2).map(|_| clients.admit_room(key).unwrap()).collect();
        assert_eq!(
            clients.admit_room(key).unwrap_err().code,
            ErrorCode::ServerFull
        );
        drop(rooms);
        assert!(clients.may_guess(key).is_ok());
        clients.guessed_wrong(key);
        assert!(clients.may_guess(key).is_ok(), "the free tries");
        clients.guessed_wrong(key);
        assert_eq!(
            clients.may_guess(key).unwrap_err().code,
            ErrorCode::TooManyAttempts
        );
    }
}
