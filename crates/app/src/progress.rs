//! Progress of long work, reported to whoever watches: the program installs a [`Watcher`] (the
//! CLI draws a bar on a terminal, the designer server sends events to the page); with none,
//! nothing is reported. Work is measured in units of estimated cost, so a bar moves evenly.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// One report: `done` of `total` units of `task`, or its end.
#[derive(Clone, Debug)]
pub struct Tick<'a> {
    pub task: &'a str,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
}

pub type Watcher = Box<dyn Fn(&Tick) + Send + Sync>;

static WATCHER: OnceLock<Watcher> = OnceLock::new();

/// Installs the process's watcher, once. The counts of the math crates report through
/// `parsheet_shard::report` (Heads-Up Hold 'Em's flops, by the costs its shards are planned
/// with); each such count becomes a task here, ended when it reports its total.
pub fn watch(w: Watcher) {
    let _ = WATCHER.set(w);
    let running: Mutex<HashMap<String, Task>> = Mutex::new(HashMap::new());
    parsheet_shard::install_reporter(Box::new(move |name, done, total| {
        let mut running = running.lock().unwrap_or_else(|e| e.into_inner());
        let task = running.entry(name.to_string()).or_insert_with(|| Task::new(name, total));
        task.set_fraction(done, total);
        if done >= total {
            task.finish();
            running.remove(name);
        }
    }));
}

/// A task in progress.
pub struct Task {
    name: String,
    total: u64,
    done: Mutex<u64>,
}

impl Task {
    /// A task of `total` units (at least 1).
    pub fn new(name: impl Into<String>, total: u64) -> Task {
        let t = Task { name: name.into(), total: total.max(1), done: Mutex::new(0) };
        t.report(0, false);
        t
    }

    fn report(&self, done: u64, finished: bool) {
        if let Some(w) = WATCHER.get() {
            w(&Tick { task: &self.name, done, total: self.total, finished });
        }
    }

    /// `done` units are complete (reports may come out of order; the largest counts).
    pub fn set(&self, done: u64) {
        let mut d = self.done.lock().unwrap_or_else(|e| e.into_inner());
        if done > *d {
            *d = done.min(self.total);
            self.report(*d, false);
        }
    }

    /// `done` of `total` where the total is known only as work proceeds, scaled to this task's.
    pub fn set_fraction(&self, done: u64, total: u64) {
        self.set(if total == 0 { self.total } else { (done as u128 * self.total as u128 / total as u128) as u64 });
    }

    pub fn finish(&self) {
        self.report(self.total, true);
    }
}
