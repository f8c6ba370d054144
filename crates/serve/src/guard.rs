//! Who may talk to the server: a page of this machine that holds the token.
//!
//! The server listens on the loopback addresses only, so no other machine reaches it. Two ways
//! remain for something else to reach it through the user's own browser, and each is closed
//! here (docs/SECURITY.md, "The designer server"):
//!
//! - Another site's page sending requests to `127.0.0.1:PORT` (cross-site requests): it does not
//!   know the token, a random 128-bit value printed only on the terminal that started the server;
//!   and the browser names its origin, which must be this server's.
//! - DNS rebinding: a name of the attacker's that resolves to 127.0.0.1, so the browser treats
//!   the server as that site's: the `Host` header then carries the attacker's name, and only the
//!   loopback names with this server's port are accepted.
//!
//! The checks are pure functions of the request's headers, so they are tested without a socket.

/// Why a request was refused (the body of the 403).
pub type Refusal = &'static str;

/// The hosts a request may name: the loopback addresses and `localhost`, on this port. A
/// browser leaves out the scheme's default port (`Host: 127.0.0.1` for port 80), so on port 80
/// a host without a port is this server too.
fn loopback_host(host: &str, port: u16) -> bool {
    let (name, given) = match host.rsplit_once(':') {
        // `[::1]` alone: its colons are the address's.
        Some((name, p)) if !p.ends_with(']') => (name, Some(p)),
        _ => (host, None),
    };
    let port_matches = match given {
        Some(p) => p == port.to_string(),
        None => port == 80,
    };
    port_matches && matches!(name.to_ascii_lowercase().as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

/// The page's address: the port left out where it is http's default, as a browser writes it.
pub fn base_url(port: u16) -> String {
    if port == 80 { "http://127.0.0.1".to_string() } else { format!("http://127.0.0.1:{port}") }
}

/// Checks one request: its `Host`, its `Origin` (where the browser sent one) and its token (from
/// the query string or the `X-Parsheet-Token` header).
pub fn check(host: Option<&str>, origin: Option<&str>, token: Option<&str>, expected: &str, port: u16) -> Result<(), Refusal> {
    match host {
        Some(h) if loopback_host(h, port) => {}
        _ => return Err("refused: the Host is not this machine's loopback address (parsheet serve answers only http://127.0.0.1, localhost or [::1] on its own port)"),
    }
    if let Some(o) = origin {
        let ok = o.strip_prefix("http://").is_some_and(|h| loopback_host(h, port));
        if !ok {
            return Err("refused: the request comes from another site's page (Origin)");
        }
    }
    match token {
        Some(t) if same(t.as_bytes(), expected.as_bytes()) => Ok(()),
        _ => Err("refused: no valid token; open the URL parsheet serve printed"),
    }
}

/// Compares in time independent of where the first difference is.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A new token: 128 random bits from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("cannot get random bytes for the token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The value of `name` in a query string (`a=1&token=x`), without percent-decoding: a token is
/// hex, so an encoded one is simply wrong.
pub fn query_value<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query.split('&').find_map(|kv| kv.split_once('=').filter(|(k, _)| *k == name).map(|(_, v)| v))
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "00112233445566778899aabbccddeeff";

    #[test]
    fn a_loopback_page_with_the_token_passes() {
        for host in ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST:8000"] {
            assert_eq!(check(Some(host), None, Some(T), T, 8000), Ok(()), "{host}");
            assert_eq!(check(Some(host), Some(&format!("http://{host}")), Some(T), T, 8000), Ok(()), "{host}");
        }
    }

    #[test]
    fn foreign_hosts_origins_and_tokens_are_refused() {
        // DNS rebinding: another name, or another port, or none.
        for host in [None, Some("evil.example:8000"), Some("127.0.0.1.evil.example:8000"), Some("127.0.0.1:8001"), Some("127.0.0.1"), Some("0.0.0.0:8000"), Some("192.168.1.2:8000")] {
            assert!(check(host, None, Some(T), T, 8000).is_err(), "{host:?}");
        }
        // Cross-site: another origin, an opaque one, https on the same name (another origin).
        for origin in ["http://evil.example", "null", "https://127.0.0.1:8000", "http://127.0.0.1:9999", "http://127.0.0.1:8000.evil.example"] {
            assert!(check(Some("127.0.0.1:8000"), Some(origin), Some(T), T, 8000).is_err(), "{origin}");
        }
        // The token: missing, wrong, a prefix, longer.
        for token in [None, Some(""), Some("00112233445566778899aabbccddeefe"), Some(&T[..31]), Some("00112233445566778899aabbccddeeff0")] {
            assert!(check(Some("127.0.0.1:8000"), None, token, T, 8000).is_err(), "{token:?}");
        }
    }

    #[test]
    fn on_port_80_a_host_without_a_port_passes() {
        // What a browser sends for http://127.0.0.1/ (and curl, and any client of the default port).
        for host in ["127.0.0.1", "localhost", "[::1]", "127.0.0.1:80", "[::1]:80"] {
            let origin = format!("http://{host}");
            assert_eq!(check(Some(host), Some(&origin), Some(T), T, 80), Ok(()), "{host}");
        }
        assert_eq!(base_url(80), "http://127.0.0.1");
        assert_eq!(base_url(8000), "http://127.0.0.1:8000");
        // Still only loopback names, and on another port the port is required.
        for host in ["evil.example", "127.0.0.1:8000", "[::1]:8080", "127.0.0.1:"] {
            assert!(check(Some(host), None, Some(T), T, 80).is_err(), "{host}");
        }
        for host in ["[::1]", "localhost"] {
            assert!(check(Some(host), None, Some(T), T, 8000).is_err(), "{host}");
        }
        assert!(check(Some("127.0.0.1"), Some("http://127.0.0.1:8000"), Some(T), T, 80).is_err());
    }

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_token_is_read_from_the_query() {
        assert_eq!(query_value("a=1&token=abc&b=2", "token"), Some("abc"));
        assert_eq!(query_value("xtoken=abc", "token"), None);
    }
}
