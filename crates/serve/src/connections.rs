//! The accept loop: how many connections may be open, and for how long one may say nothing.
//!
//! `axum::serve` keeps a connection for as long as the client likes and accepts as many as the
//! descriptor limit allows, so any process of this machine, token or not, could stop the server
//! by opening sockets and sending nothing, or half a request. Here hyper serves each connection,
//! and a small state machine beside it closes the ones that hold a place without using it:
//!
//! - a request's headers must arrive within [`HEADER_TIMEOUT`] of the connection opening, or of
//!   the request's first byte on a connection kept alive between requests;
//! - a kept-alive connection with no request for [`IDLE_TIMEOUT`] is closed;
//! - at most [`MAX_CONNECTIONS`] are open (well under the usual limit of 1,024 descriptors); a
//!   connection past the cap closes the one that has waited longest without a request in
//!   flight (an idle socket, a half-sent request), so the newest client is served. When every
//!   open connection is answering a request, the next is accepted as soon as one ends.
//!
//! A connection answering a request is never closed by these rules: a heavy request runs to its
//! answer. hyper's own header timeout is not used: it also runs between requests on a kept-alive
//! connection, which would make the idle timeout the header timeout.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::Router;
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use hyper::service::Service;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::Instant;

/// How long a request's headers may take to arrive.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a kept-alive connection may wait for its next request.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// The most connections open at once.
pub const MAX_CONNECTIONS: usize = 256;

enum Phase {
    /// No request in flight since `since` (the connection opened, or its last answer was sent);
    /// `head` is when the next request began: its first byte, or the connection's opening.
    Waiting { since: Instant, head: Option<Instant> },
    /// A request is being answered, from its headers to the last byte of its response body.
    Answering,
    /// Closed to make room for a newer connection.
    Closing,
}

struct Connection {
    phase: Mutex<Phase>,
    /// Wakes the connection's task when its phase changes: its deadline moved, or it must close.
    changed: Notify,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Connection {
    fn set(&self, f: impl FnOnce(&mut Phase) -> bool) {
        if f(&mut lock(&self.phase)) {
            self.changed.notify_one();
        }
    }

    /// When the connection must close if nothing changes; `None` while it answers a request.
    fn deadline(&self) -> Option<Instant> {
        match *lock(&self.phase) {
            Phase::Waiting { head: Some(head), .. } => Some(head + HEADER_TIMEOUT),
            Phase::Waiting { since, head: None } => Some(since + IDLE_TIMEOUT),
            Phase::Answering => None,
            Phase::Closing => Some(Instant::now()),
        }
    }

    /// The first byte of a request on a kept-alive connection starts its header timeout.
    fn bytes_arrived(&self) {
        self.set(|p| match p {
            Phase::Waiting { head: head @ None, .. } => {
                *head = Some(Instant::now());
                true
            }
            _ => false,
        });
    }
}

/// The open connections, shared by the accept loops of 127.0.0.1 and ::1.
#[derive(Default)]
pub(crate) struct Connections {
    open: Mutex<BTreeMap<u64, Arc<Connection>>>,
    next: AtomicU64,
    /// Signalled when a connection closes or a request ends: room, or something to close, for a
    /// connection waiting to be admitted.
    room: Notify,
}

impl Connections {
    /// Admits a new connection: past the cap, closes the one that has waited longest without a
    /// request in flight; when every one is answering a request, waits for one to end.
    async fn admit(&self) -> (u64, Arc<Connection>) {
        loop {
            let room = self.room.notified();
            tokio::pin!(room);
            // Registered before looking, so a request that ends meanwhile still wakes us.
            room.as_mut().enable();
            {
                let mut open = lock(&self.open);
                if open.len() >= MAX_CONNECTIONS {
                    let longest_waiting = open
                        .iter()
                        .filter_map(|(id, c)| match *lock(&c.phase) {
                            Phase::Waiting { since, .. } => Some((since, *id)),
                            _ => None,
                        })
                        .min();
                    if let Some((_, id)) = longest_waiting {
                        let closed = open.remove(&id).expect("listed");
                        closed.set(|p| {
                            *p = Phase::Closing;
                            true
                        });
                    }
                }
                if open.len() < MAX_CONNECTIONS {
                    let id = self.next.fetch_add(1, Ordering::Relaxed);
                    let now = Instant::now();
                    let c = Arc::new(Connection { phase: Mutex::new(Phase::Waiting { since: now, head: Some(now) }), changed: Notify::new() });
                    open.insert(id, c.clone());
                    return (id, c);
                }
            }
            room.await;
        }
    }

    fn remove(&self, id: u64) {
        lock(&self.open).remove(&id);
        self.room.notify_waiters();
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        lock(&self.open).len()
    }
}

/// Held while a request is answered; dropped with its response body, when the last byte has
/// been handed to the socket (or the request is abandoned).
struct Answering {
    connection: Arc<Connection>,
    connections: Arc<Connections>,
}

impl Answering {
    fn begin(connection: Arc<Connection>, connections: Arc<Connections>) -> Answering {
        connection.set(|p| match p {
            Phase::Closing => false,
            _ => {
                *p = Phase::Answering;
                true
            }
        });
        Answering { connection, connections }
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.connection.set(|p| match p {
            Phase::Closing => false,
            _ => {
                *p = Phase::Waiting { since: Instant::now(), head: None };
                true
            }
        });
        self.connections.room.notify_waiters();
    }
}

/// A response body that ends its request's [`Answering`] when hyper drops it.
struct Tracked {
    body: Body,
    _answering: Answering,
}

impl HttpBody for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The socket, noting when a request's first byte arrives.
struct Watched {
    stream: TcpStream,
    connection: Arc<Connection>,
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.connection.bytes_arrived();
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Accepts connections on `listener` for as long as the server runs.
pub(crate) async fn serve(listener: TcpListener, router: Router, connections: Arc<Connections>) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was accepted: try again
            // shortly rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let (id, connection) = connections.admit().await;
        tokio::spawn(serve_connection(stream, router.clone(), connections.clone(), id, connection));
    }
}

async fn serve_connection(stream: TcpStream, router: Router, connections: Arc<Connections>, id: u64, connection: Arc<Connection>) {
    let service = {
        let (connection, connections) = (connection.clone(), connections.clone());
        let router = TowerToHyperService::new(router);
        hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let answering = Answering::begin(connection.clone(), connections.clone());
            let response = router.call(request);
            async move {
                let response = response.await?;
                Ok::<_, Infallible>(response.map(|body| Tracked { body, _answering: answering }))
            }
        })
    };
    let io = TokioIo::new(Watched { stream, connection: connection.clone() });
    let http = hyper::server::conn::http1::Builder::new().header_read_timeout(None).serve_connection(io, service);
    tokio::pin!(http);
    loop {
        let changed = connection.changed.notified();
        let deadline = connection.deadline();
        let expired = async {
            match deadline {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            biased;
            _ = changed => {}
            _ = expired => {
                if connection.deadline().is_some_and(|at| at <= Instant::now()) {
                    break;
                }
            }
            _ = http.as_mut() => break,
        }
    }
    // Dropping the connection closes the socket.
    connections.remove(id);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on a runtime like the server's (real time: tokio's paused clock would need a
    /// feature compiled for the tests alone).
    fn on_runtime<F: std::future::Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(f)
    }

    #[test]
    fn past_the_cap_the_longest_waiting_connection_closes_and_answering_ones_stay() {
        on_runtime(async {
            let connections = Arc::new(Connections::default());
            let mut admitted = Vec::new();
            for _ in 0..MAX_CONNECTIONS {
                admitted.push(connections.admit().await.1);
            }
            // The oldest answers a request: the second oldest is the one to close.
            let answering = Answering::begin(admitted[0].clone(), connections.clone());
            let (_, newest) = connections.admit().await;
            assert_eq!(connections.len(), MAX_CONNECTIONS);
            assert!(matches!(*lock(&admitted[1].phase), Phase::Closing));
            assert!(admitted[1].deadline().is_some_and(|at| at <= Instant::now()), "closes at once");
            assert!(matches!(*lock(&admitted[0].phase), Phase::Answering));
            assert!(matches!(*lock(&newest.phase), Phase::Waiting { .. }));
            drop(answering);
            assert!(matches!(*lock(&admitted[0].phase), Phase::Waiting { head: None, .. }));
            // Now the oldest is waiting again, since its answer: the third oldest goes next.
            connections.admit().await;
            assert!(matches!(*lock(&admitted[2].phase), Phase::Closing));
        });
    }

    #[test]
    fn deadlines_are_the_header_timeout_then_the_idle_timeout_then_the_header_timeout() {
        on_runtime(async {
            let connections = Arc::new(Connections::default());
            let before = Instant::now();
            let (_, c) = connections.admit().await;
            let after = Instant::now();
            let due = c.deadline().unwrap();
            assert!(before + HEADER_TIMEOUT <= due && due <= after + HEADER_TIMEOUT, "a new connection owes its headers at once");
            let answering = Answering::begin(c.clone(), connections.clone());
            assert_eq!(c.deadline(), None, "a request in flight is never timed out");
            let before = Instant::now();
            drop(answering);
            let after = Instant::now();
            let due = c.deadline().unwrap();
            assert!(before + IDLE_TIMEOUT <= due && due <= after + IDLE_TIMEOUT, "kept alive: the idle timeout");
            let before = Instant::now();
            c.bytes_arrived();
            let after = Instant::now();
            let due = c.deadline().unwrap();
            assert!(before + HEADER_TIMEOUT <= due && due <= after + HEADER_TIMEOUT, "a request begun: its headers are due");
            c.bytes_arrived();
            assert_eq!(c.deadline(), Some(due), "counted from its first byte");
        });
    }

    #[test]
    fn when_every_connection_answers_a_request_the_next_waits_for_one_to_end() {
        on_runtime(async {
            let connections = Arc::new(Connections::default());
            let mut answering = Vec::new();
            for _ in 0..MAX_CONNECTIONS {
                let (_, c) = connections.admit().await;
                answering.push(Answering::begin(c, connections.clone()));
            }
            let waiting = tokio::spawn({
                let connections = connections.clone();
                async move { connections.admit().await }
            });
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert!(!waiting.is_finished(), "admitted while every connection was answering");
            answering.pop();
            let (_, admitted) = tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("admitted when a request ended").unwrap();
            assert!(matches!(*lock(&admitted.phase), Phase::Waiting { .. }));
            assert_eq!(connections.len(), MAX_CONNECTIONS);
        });
    }
}
