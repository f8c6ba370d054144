//! Heavy work (a main game re-solved for a candidate, a line solved for a target edge with the
//! strategy re-solved per pay, a search), one at a time.
//!
//! Each request gets a number; a newer request supersedes every older one. An older job that has
//! not started is cancelled before it starts; one that is running is not interrupted (the
//! solvers have no cancellation point), but its result is dropped and the page says it was
//! superseded, and the newer job starts as soon as it ends. The page polls a job's state: queued,
//! running (with the progress the application layer reports and the seconds elapsed), done with
//! its result, failed with the error, or superseded.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde::Serialize;

use crate::App;

#[derive(Default)]
pub(crate) struct Jobs {
    newest: AtomicU64,
    /// Held while a heavy job runs.
    heavy: Mutex<()>,
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
        *app.jobs.tick.lock().unwrap_or_else(|e| e.into_inner()) = if t.finished { None } else { Some((t.task.to_string(), t.done, t.total)) };
    }));
}

impl Jobs {
    /// Queues `work`; returns its number.
    pub fn submit(app: &Arc<App>, work: Box<dyn FnOnce(&App) -> Result<serde_json::Value, String> + Send>) -> u64 {
        let id = app.jobs.newest.fetch_add(1, Ordering::SeqCst) + 1;
        {
            let mut states = app.jobs.states.lock().unwrap_or_else(|e| e.into_inner());
            states.insert(id, State::new("queued"));
            // Keep the last few.
            while states.len() > 16 {
                let first = *states.keys().next().expect("not empty");
                states.remove(&first);
            }
        }
        let app = app.clone();
        std::thread::spawn(move || {
            let _one_at_a_time = app.jobs.heavy.lock().unwrap_or_else(|e| e.into_inner());
            if app.jobs.newest.load(Ordering::SeqCst) != id {
                app.jobs.set(id, |s| s.state = "superseded");
                return;
            }
            app.jobs.set(id, |s| {
                s.state = "running";
                s.started = Some(Instant::now());
            });
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&app))).unwrap_or_else(|_| Err("the computation failed (a bug: please report it)".into()));
            let current = app.jobs.newest.load(Ordering::SeqCst) == id;
            app.jobs.set(id, |s| {
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
        });
        id
    }

    fn set(&self, id: u64, f: impl FnOnce(&mut State)) {
        if let Some(s) = self.states.lock().unwrap_or_else(|e| e.into_inner()).get_mut(&id) {
            f(s);
        }
    }

    /// The state of job `id`, with the progress of the running one.
    pub fn state(&self, id: u64) -> Option<State> {
        let mut s = self.states.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned()?;
        // An older job is superseded at once: a queued one will not start, a running one's
        // result will be dropped when it ends.
        if matches!(s.state, "queued" | "running") && self.newest.load(Ordering::SeqCst) != id {
            s.state = "superseded";
            return Some(s);
        }
        if s.state == "running" {
            s.seconds = s.started.map_or(0.0, |t| t.elapsed().as_secs_f64());
            if let Some((task, done, total)) = self.tick.lock().unwrap_or_else(|e| e.into_inner()).clone() {
                (s.task, s.done, s.total) = (Some(task), done, total);
            }
        }
        Some(s)
    }
}
