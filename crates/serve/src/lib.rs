//! `parsheet serve`: the paytable designer, a web page on this machine over the application
//! layer.
//!
//! The page is a view like the terminal and the report: it renders records of `parsheet-app`
//! (`app::design` prices a candidate, re-solves a main game, compares, and counts and prices a
//! side bet built on the page; `app::explore` solves a
//! line for a target edge and searches; `app::house_ways::way_design` prices a house way; the report's renderers write the PAR sheet and the
//! workbook) and computes no figure itself. Everything it needs is in the binary: one HTML file
//! with its CSS and JavaScript inline, no external asset, so it works offline.
//!
//! Invariants (docs/SECURITY.md, "The designer server"):
//! - It listens on 127.0.0.1 (and ::1 where the machine has it) only: never on a routable address.
//! - Every request carries the token printed at start (128 random bits) and names a loopback
//!   `Host` (and, where the browser sends one, `Origin`) with this server's port; anything else
//!   is refused with 403 before it reaches a handler ([`guard`]).
//! - It writes nothing but the results cache the caller installed (Face Up Pai Gow's setting
//!   table goes through it, as every command's counts do, and so does a side bet built on the
//!   page, under its definition's text); the approved side bets' counts are kept in memory for
//!   the life of the process, and every export (table file, PAR sheet, workbook) is a download
//!   the browser saves. It reads no file a request names: the house-way job takes built-in way
//!   names only.
//! - Its threads and descriptors are bounded, whatever arrives, so no local process (token or
//!   not) can make it stop answering the page:
//!   - One heavy computation (a main game re-solved, a search, a house way priced, a built
//!     side bet counted) runs at a time, on one worker thread, with one pending slot: a newer
//!     request supersedes the older
//!     ones ([`jobs`]).
//!   - The rest of the work (a price, a comparison, a download) runs on tokio's blocking pool,
//!     at most [`BLOCKING_THREADS`] threads; more requests wait in its queue.
//!   - At most 256 connections are open; a request's headers must arrive within 10 s and a
//!     kept-alive connection may wait 60 s for its next request; past the cap the connection
//!     that has waited longest without a request is closed, so a new request is served
//!     ([`connections`]).

pub mod guard;
mod api;
mod connections;
mod jobs;

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};
use std::sync::Arc;

use parsheet_tables::GameTables;

/// The most threads tokio's blocking pool starts (tokio's default is 512): prices, comparisons
/// and downloads past these wait in its queue rather than start a thread each.
pub const BLOCKING_THREADS: usize = 8;

/// What `parsheet serve` was asked.
pub struct Options {
    /// The port; an ephemeral one when `None`.
    pub port: Option<u16>,
    /// Open the page in the desktop's browser.
    pub open: bool,
    /// The provenance of a download (the program knows its build; the date is the download's).
    pub provenance: Provenance,
}

/// Makes the provenance record of a download over the given tables.
pub type Provenance = Box<dyn Fn(&[GameTables]) -> Result<parsheet_app::provenance::Provenance, String> + Send + Sync>;

/// What every handler shares.
pub(crate) struct App {
    pub token: String,
    pub port: u16,
    pub games: Vec<GameTables>,
    pub source: String,
    pub counts: parsheet_app::design::CountCache,
    pub jobs: jobs::Jobs,
    pub provenance: Provenance,
}

/// Binds the loopback listeners: 127.0.0.1 on `port` (an ephemeral one when `None`), then ::1
/// on the same port where the machine has IPv6 loopback.
fn bind(port: Option<u16>) -> Result<Vec<TcpListener>, String> {
    let taken = |p: u16, e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::AddrInUse {
            format!("port {p} on the loopback address is taken (another program listens there); choose another --port, or leave it out for a free one")
        } else {
            format!("cannot listen on the loopback address, port {p}: {e}")
        }
    };
    // An ephemeral port free on 127.0.0.1 may be taken on ::1: try a few.
    for attempt in 0..5 {
        let v4 = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port.unwrap_or(0)))).map_err(|e| taken(port.unwrap_or(0), e))?;
        let p = v4.local_addr().map_err(|e| e.to_string())?.port();
        match TcpListener::bind(SocketAddr::from((Ipv6Addr::LOCALHOST, p))) {
            Ok(v6) => return Ok(vec![v4, v6]),
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                if port.is_some() || attempt == 4 {
                    return Err(taken(p, e));
                }
            }
            // No IPv6 loopback on this machine: 127.0.0.1 alone.
            Err(_) => return Ok(vec![v4]),
        }
    }
    unreachable!("the loop returns")
}

/// Runs the server until the process is stopped. Prints the page's URL (with the token) on
/// stdout, and opens it where `open` asks.
pub fn run(options: Options, games: Vec<GameTables>, source: String) -> Result<(), String> {
    let listeners = bind(options.port)?;
    let port = listeners[0].local_addr().map_err(|e| e.to_string())?.port();
    let token = guard::new_token()?;
    let url = format!("{}/?token={token}", guard::base_url(port));
    let app = Arc::new(App { token, port, games, source, counts: Default::default(), jobs: jobs::Jobs::default(), provenance: options.provenance });
    jobs::watch_progress(app.clone());
    jobs::start_worker(app.clone())?;
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "parsheet serve: the paytable designer at\n{url}\n(open it in a browser on this machine; Ctrl-C stops the server; it writes nothing but the results cache)");
        let _ = out.flush();
    }
    if options.open {
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn() {
            eprintln!("parsheet: cannot open a browser ({e}); open the URL above");
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(BLOCKING_THREADS)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let router = api::router(app);
        let open = Arc::new(connections::Connections::default());
        let mut servers = Vec::new();
        for l in listeners {
            l.set_nonblocking(true).map_err(|e| e.to_string())?;
            let l = tokio::net::TcpListener::from_std(l).map_err(|e| e.to_string())?;
            servers.push(tokio::spawn(connections::serve(l, router.clone(), open.clone())));
        }
        for s in servers {
            s.await.map_err(|e| format!("the server stopped: {e}"))?;
        }
        Ok(())
    })
}
