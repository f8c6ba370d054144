//! Heavy work (a main game re-solved for a candidate, a line solved for a target edge with the
//! strategy re-solved per pay, a search), one at a time, on one worker thread.
//!
//! Each request gets a number; a newer request supersedes every older one. There is one pending
//! slot: a request that arrives while a job runs takes it, and the one it replaces is answered
//! "superseded" without ever starting. A running job is not interrupted (the solvers have no
//! cancellation point), but its result is dropped and the page says it was superseded, and the
//! pending one starts as soon as it ends. So a flood of requests costs a slot and a few states,
//! never a thread each. The page polls a job's state: queued, running (with the progress the
//! application layer reports and the seconds elapsed), done with its result, failed with the
//! error, or superseded.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use serde::Serialize;

use crate::App;

/// What a job computes, given the server's tables and caches.
pub(crate) type Work = Box<dyn FnOnce(&App) -> Result<serde_json::Value, String> + Send>;

/// How many finished or superseded jobs' states are kept for the page to read.
const KEPT_STATES: usize = 16;

#[derive(Default)]
pub(crate) struct Jobs {
    newest: AtomicU64,
    /// The newest request not yet started, if any: the worker takes it when the running job ends.
    pending: Mutex<Option<(u64, Work)>>,
    /// Wakes the worker when a request fills the pending slot.
    arrived: Condvar,
    states: Mutex<BTreeMap<u64, State>>,
    /// The last progress report of the running job: task, done, total.
    tick: Mutex<Option<(String, u64, u64)>>,
}

#[derive(Clone, Serialize)]
pub(crate) struct State {
    pub state: &'static str,
    pub task: Option<String>,
    pub done: u64,
    pub total: u64,
    pub seconds: f64,
    pub result: Option<serde_json::Value>,
    pub error: Option<String>,
    #[serde(skip)]
    started: Option<Instant>,
}

impl State {
    fn new(state: &'static str) -> State {
        State { state, task: None, done: 0, total: 0, seconds: 0.0, result: None, error: None, started: None }
    }
}

/// Sends the application layer's progress reports to the running job.
pub(crate) fn watch_progress(app: Arc<App>) {
    parsheet_app::progress::watch(Box::new(move |t| {
        *lock(&app.jobs.tick) = if t.finished { None } else { Some((t.task.to_string(), t.done, t.total)) };
    }));
}

/// Starts the worker: one thread for the life of the server, running the pending job whenever
/// there is one.
pub(crate) fn start_worker(app: Arc<App>) -> Result<(), String> {
    let spawned = std::thread::Builder::new().name("parsheet-job".into()).spawn(move || {
        // A house way is priced from Face Up Pai Gow's setting table: read it from the results
        // cache before the first price is asked, never count it here.
        if app.games.iter().any(|g| g.game == "face-up-pai-gow") {
            if let Err(e) = parsheet_app::house_ways::preload_design_table() {
                eprintln!("parsheet serve: the setting table in the cache could not be read ({e}); a house way's price will count it");
            }
        }
        loop {
            let (id, work) = {
                let mut pending = lock(&app.jobs.pending);
                loop {
                    match pending.take() {
                        Some(job) => break job,
                        None => pending = app.jobs.arrived.wait(pending).unwrap_or_else(|e| e.into_inner()),
                    }
                }
            };
            app.jobs.run(&app, id, work);
        }
    });
    spawned.map(|_| ()).map_err(|e| format!("cannot start the job worker: {e}"))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Jobs {
    /// Puts `work` in the pending slot, superseding the job it replaces; returns its number.
    pub fn submit(&self, work: Work) -> u64 {
        // Numbered and queued under one lock, so of two requests at once the newer number is
        // the one left pending.
        let mut pending = lock(&self.pending);
        let id = self.newest.fetch_add(1, Ordering::SeqCst) + 1;
        {
            let mut states = lock(&self.states);
            states.insert(id, State::new("queued"));
            while states.len() > KEPT_STATES {
                let first = *states.keys().next().expect("not empty");
                states.remove(&first);
            }
        }
        if let Some((older, _)) = pending.replace((id, work)) {
            self.set(older, |s| s.state = "superseded");
        }
        drop(pending);
        self.arrived.notify_one();
        id
    }

    /// Runs job `id` on the worker, unless a newer request came since it was taken.
    fn run(&self, app: &App, id: u64, work: Work) {
        if self.newest.load(Ordering::SeqCst) != id {
            self.set(id, |s| s.state = "superseded");
            return;
        }
        self.set(id, |s| {
            s.state = "running";
            s.started = Some(Instant::now());
        });
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(app))).unwrap_or_else(|_| Err("the computation failed (a bug: please report it)".into()));
        let current = self.newest.load(Ordering::SeqCst) == id;
        self.set(id, |s| {
            s.seconds = s.started.map_or(0.0, |t| t.elapsed().as_secs_f64());
            match (current, result) {
                (false, _) => s.state = "superseded",
                (true, Ok(v)) => {
                    s.state = "done";
                    s.result = Some(v);
                }
                (true, Err(e)) => {
                    s.state = "failed";
                    s.error = Some(e);
                }
            }
        });
    }

    fn set(&self, id: u64, f: impl FnOnce(&mut State)) {
        if let Some(s) = lock(&self.states).get_mut(&id) {
            f(s);
        }
    }

    /// The state of job `id`, with the progress of the running one.
    pub fn state(&self, id: u64) -> Option<State> {
        let newest = self.newest.load(Ordering::SeqCst);
        let Some(mut s) = lock(&self.states).get(&id).cloned() else {
            // Past the kept states, an older number was superseded long ago.
            return (id > 0 && id < newest).then(|| State::new("superseded"));
        };
        // An older job is superseded at once: a queued one will not start, a running one's
        // result will be dropped when it ends.
        if matches!(s.state, "queued" | "running") && newest != id {
            s.state = "superseded";
            return Some(s);
        }
        if s.state == "running" {
            s.seconds = s.started.map_or(0.0, |t| t.elapsed().as_secs_f64());
            if let Some((task, done, total)) = lock(&self.tick).clone() {
                (s.task, s.done, s.total) = (Some(task), done, total);
            }
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn app() -> Arc<App> {
        Arc::new(App {
            token: String::new(),
            port: 0,
            games: Vec::new(),
            source: String::new(),
            counts: Default::default(),
            jobs: Jobs::default(),
            provenance: Box::new(|_| Err("no provenance in this test".into())),
        })
    }

    fn wait_for(app: &App, id: u64, state: &str) -> State {
        let start = Instant::now();
        loop {
            let s = app.jobs.state(id).expect("a job");
            if s.state == state {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "job {id} is {}, not {state}", s.state);
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_flood_of_requests_keeps_one_pending_and_runs_only_the_newest() {
        let app = app();
        start_worker(app.clone()).unwrap();
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let first = app.jobs.submit(Box::new(move |_| {
            let _ = gate.recv();
            Ok(serde_json::json!("first"))
        }));
        wait_for(&app, first, "running");
        let ran = Arc::new(AtomicU64::new(0));
        let mut last = first;
        for _ in 0..2000 {
            let ran = ran.clone();
            last = app.jobs.submit(Box::new(move |_| {
                ran.fetch_add(1, Ordering::SeqCst);
                Ok(serde_json::json!("newest"))
            }));
        }
        // The running one and every older request are superseded at once; the newest waits.
        assert_eq!(app.jobs.state(first).unwrap().state, "superseded");
        assert_eq!(app.jobs.state(last - 1).unwrap().state, "superseded");
        assert_eq!(app.jobs.state(first + 1).unwrap().state, "superseded", "past the kept states");
        assert_eq!(app.jobs.state(last).unwrap().state, "queued");
        assert!(app.jobs.state(last + 1).is_none(), "no such job yet");
        release.send(()).unwrap();
        let done = wait_for(&app, last, "done");
        assert_eq!(done.result, Some(serde_json::json!("newest")));
        assert_eq!(ran.load(Ordering::SeqCst), 1, "only the newest request ran");
        assert_eq!(app.jobs.state(first).unwrap().state, "superseded", "its result dropped");
    }
}
