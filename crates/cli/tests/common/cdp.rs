//! Debian's Chromium driven over the DevTools protocol, for the browser tests: the harness the
//! designer's test uses and the report's can (issue #27). Chromium comes from the distribution
//! (`apt-get install chromium`, as `.ci/run` does); no browser is ever downloaded.
//!
//! The protocol runs over one websocket; the client here is the smallest that works with
//! Chromium: the opening handshake, masked text frames out, text/continuation/ping/close frames
//! in. No new dependency, so it adds nothing to CI's compile time.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The Chromium binary: `$CHROMIUM`, else the first of the usual names that runs.
pub fn chromium() -> Option<String> {
    let candidates = std::env::var("CHROMIUM").into_iter().chain(["chromium", "chromium-browser", "google-chrome"].map(String::from));
    candidates.into_iter().find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// Chromium, or what to do without it: under CI (env `CI` set) the test fails, saying how to
/// install it; elsewhere it is skipped with a message (`None`).
pub fn chromium_or_skip(test: &str) -> Option<String> {
    match chromium() {
        Some(c) => Some(c),
        None if std::env::var_os("CI").is_some() => panic!("{test}: no Chromium found and CI is set: install it (apt-get install chromium, as .ci/run does) or set CHROMIUM=<binary>"),
        None => {
            eprintln!("{test}: skipped: no Chromium found (apt-get install chromium, or set CHROMIUM=<binary>)");
            None
        }
    }
}

/// A headless Chromium with one page attached.
pub struct Browser {
    child: Child,
    ws: TcpStream,
    next_id: u64,
    session: String,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Browser {
    /// Starts `binary` headless at `width`x`height` with a fresh profile under `scratch`.
    pub fn start(binary: &str, scratch: &Path, width: u32, height: u32) -> Browser {
        let profile = scratch.join(format!("profile-{}", std::process::id()));
        std::fs::create_dir_all(&profile).unwrap();
        let mut child = Command::new(binary)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID" on stderr.
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let url = loop {
            let line = lines.next().unwrap_or_else(|| panic!("{binary} exited without a DevTools address")).unwrap();
            if let Some(u) = line.split("DevTools listening on ").nth(1) {
                break u.trim().to_string();
            }
        };
        // Keep draining stderr so Chromium never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let rest = url.strip_prefix("ws://").unwrap();
        let (addr, path) = rest.split_at(rest.find('/').unwrap());
        let ws = handshake(addr, path);
        let mut b = Browser { child, ws, next_id: 0, session: String::new(), profile };
        let target = b.call("Target.createTarget", json!({"url": "about:blank"}))["targetId"].as_str().unwrap().to_string();
        b.session = b.call("Target.attachToTarget", json!({"targetId": target, "flatten": true}))["sessionId"].as_str().unwrap().to_string();
        b.call("Page.enable", json!({}));
        b.call("Runtime.enable", json!({}));
        b
    }

    /// Sends a command (to the page once attached) and returns its result; a protocol error
    /// fails the test.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() && !method.starts_with("Target.") && !method.starts_with("Browser.") {
            msg["sessionId"] = json!(self.session);
        }
        send(&mut self.ws, &msg.to_string());
        loop {
            let m: Value = serde_json::from_str(&receive(&mut self.ws)).unwrap();
            if m["id"] == id {
                if let Some(e) = m.get("error") {
                    panic!("{method}: {e}");
                }
                return m["result"].clone();
            }
        }
    }

    /// Opens `url` and waits until `ready` (a JavaScript expression) is true.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait(ready, Duration::from_secs(30));
    }

    /// The value of a JavaScript expression (promises awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call("Runtime.evaluate", json!({"expression": expression, "awaitPromise": true, "returnByValue": true}));
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits until `condition` is true, up to `limit`.
    pub fn wait(&mut self, condition: &str, limit: Duration) {
        let start = Instant::now();
        // Thrown while the page loads (no body yet) counts as not yet.
        while self.eval(&format!("(() => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }})()")) != json!(true) {
            if start.elapsed() >= limit {
                // What the page said meanwhile: its job states and errors.
                let said = self.eval("Array.from(document.querySelectorAll('[id$=\"state\"], [id$=\"error\"]')).filter(e => e.textContent).map(e => e.id + ': ' + e.textContent).join('; ')");
                panic!("waited {limit:?} for {condition}; the page says: {said}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A PNG of the whole page.
    pub fn screenshot(&mut self, file: &Path) {
        let r = self.call("Page.captureScreenshot", json!({"format": "png", "captureBeyondViewport": true}));
        std::fs::write(file, base64_decode(r["data"].as_str().unwrap())).unwrap();
    }

    /// Downloads go to `dir`.
    pub fn download_to(&mut self, dir: &Path) {
        self.call("Browser.setDownloadBehavior", json!({"behavior": "allow", "downloadPath": dir.display().to_string()}));
    }
}

fn handshake(addr: &str, path: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").unwrap();
    // The response head, byte by byte so that no frame is read into a buffer.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        s.read_exact(&mut byte).unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "the DevTools websocket refused: {head}");
    s
}

fn send(s: &mut TcpStream, text: &str) {
    let payload = text.as_bytes();
    let mut frame = vec![0x81u8];
    match payload.len() {
        n if n < 126 => frame.push(0x80 | n as u8),
        n if n < 65536 => {
            frame.push(0x80 | 126);
            frame.extend((n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 127);
            frame.extend((n as u64).to_be_bytes());
        }
    }
    let mask = [0x12u8, 0x34, 0x56, 0x78];
    frame.extend(mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    s.write_all(&frame).unwrap();
}

/// The next text message (fragments joined; pings answered).
fn receive(s: &mut TcpStream) -> String {
    let mut message = Vec::new();
    loop {
        let mut h = [0u8; 2];
        s.read_exact(&mut h).unwrap();
        let (fin, opcode) = (h[0] & 0x80 != 0, h[0] & 0x0f);
        let mut len = (h[1] & 0x7f) as u64;
        if len == 126 {
            let mut b = [0u8; 2];
            s.read_exact(&mut b).unwrap();
            len = u16::from_be_bytes(b) as u64;
        } else if len == 127 {
            let mut b = [0u8; 8];
            s.read_exact(&mut b).unwrap();
            len = u64::from_be_bytes(b);
        }
        let mut payload = vec![0u8; len as usize];
        s.read_exact(&mut payload).unwrap();
        match opcode {
            0x8 => panic!("Chromium closed the DevTools connection"),
            0x9 => {
                let mut pong = vec![0x8a, 0x80 | payload.len() as u8, 0, 0, 0, 0];
                pong.extend(&payload);
                s.write_all(&pong).unwrap();
            }
            0xa => {}
            _ => {
                message.extend(payload);
                if fin {
                    return String::from_utf8(message).unwrap();
                }
            }
        }
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    } as u32;
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, &c)| acc | value(c) << (18 - 6 * i));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}
