//! The server's guards: which `Host` and `Origin` headers are accepted
//! (against DNS rebinding and cross-site requests), seat tokens and their
//! constant-time comparison.

use std::fmt::Write;
use std::net::IpAddr;

/// The names a request may use to reach this server: literal IP addresses,
/// `localhost`, and the name given with `--host`, each with the bound port.
#[derive(Clone, Debug)]
pub struct AllowedHosts {
    port: u16,
    name: Option<String>,
}

impl AllowedHosts {
    /// Hosts for a server bound to `port`, reached as `host` (`--host`).
    pub fn new(host: &str, port: u16) -> AllowedHosts {
        let name = (host.parse::<IpAddr>().is_err() && !host.eq_ignore_ascii_case("localhost"))
            .then(|| host.to_ascii_lowercase());
        AllowedHosts { port, name }
    }

    /// Whether a `Host` header value (`name[:port]`) names this server.
    ///
    /// A DNS rebinding attack reaches the server under the attacker's domain
    /// name, so only IP literals, `localhost` and the configured name pass.
    pub fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if port != self.port {
            return false;
        }
        let name = name.to_ascii_lowercase();
        name == "localhost"
            || name
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .is_ok()
            || self.name.as_deref() == Some(name.as_str())
    }

    /// Whether an `Origin` header value is this server as the request's
    /// `Host` header names it: the whole origin (scheme, host and port)
    /// must match, so another host name or port of this machine is another
    /// site.
    ///
    /// ```
    /// use relic::gui::AllowedHosts;
    /// let hosts = AllowedHosts::new("127.0.0.1", 8123);
    /// assert!(hosts.is_same_origin("http://127.0.0.1:8123", "127.0.0.1:8123"));
    /// assert!(!hosts.is_same_origin("http://localhost:8123", "127.0.0.1:8123"));
    /// assert!(!hosts.is_same_origin("https://127.0.0.1:8123", "127.0.0.1:8123"));
    /// ```
    pub fn is_same_origin(&self, origin: &str, host: &str) -> bool {
        let Some(origin_host) = origin.strip_prefix("http://") else {
            return false;
        };
        self.allows(host)
            && split_host(origin_host)
                .zip(split_host(host))
                .is_some_and(|((a, pa), (b, pb))| pa == pb && a.eq_ignore_ascii_case(b))
    }
}

/// Splits `name[:port]` (IPv6 in brackets); no port means 80.
fn split_host(host: &str) -> Option<(&str, u16)> {
    if host.is_empty() || host.contains(['/', '@', ' ']) {
        return None;
    }
    let colon = match host.rfind(':') {
        Some(i) if !host[i..].contains(']') => Some(i),
        _ => None,
    };
    match colon {
        Some(i) => Some((&host[..i], host[i + 1..].parse().ok()?)),
        None => Some((host, 80)),
    }
}

/// A fresh unguessable seat token: 128 random bits in hex.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    }))
}

/// Compares two byte strings in time that depends only on their lengths,
/// not on where they differ.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let difference = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(difference) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        let hosts = AllowedHosts::new("127.0.0.1", 8123);
        for good in [
            "127.0.0.1:8123",
            "localhost:8123",
            "LOCALHOST:8123",
            "[::1]:8123",
        ] {
            assert!(hosts.allows(good), "{good}");
        }
        for bad in [
            "evil.example:8123",
            "127.0.0.1:8124",
            "127.0.0.1",
            "",
            "localhost:x",
            "a@localhost:8123",
        ] {
            assert!(!hosts.allows(bad), "{bad}");
        }
        let named = AllowedHosts::new("Game.LAN", 80);
        assert!(named.allows("game.lan"));
        assert!(!named.allows("other.lan"));
        let same = |origin, host| hosts.is_same_origin(origin, host);
        assert!(same("http://localhost:8123", "localhost:8123"));
        assert!(same("http://LocalHost:8123", "localhost:8123"));
        assert!(same("http://127.0.0.1:8123", "127.0.0.1:8123"));
        assert!(!same("http://evil.example:8123", "127.0.0.1:8123"));
        assert!(!same("http://127.0.0.2:8123", "127.0.0.1:8123"));
        assert!(!same("http://127.0.0.1:8124", "127.0.0.1:8123"));
        assert!(!same("https://127.0.0.1:8123", "127.0.0.1:8123"));
        assert!(!same("http://127.0.0.1:8123/path", "127.0.0.1:8123"));
        assert!(!same("null", "127.0.0.1:8123"));
        assert!(!same("http://evil.example:8123", "evil.example:8123"));
    }

    #[test]
    fn tokens() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(constant_time_eq(a.as_bytes(), a.as_bytes()));
        assert!(!constant_time_eq(a.as_bytes(), b.as_bytes()));
        assert!(!constant_time_eq(b"ab", b"abc"));
    }
}
