//! Progress of long work, reported to whoever watches: the program installs a [`Watcher`] (the
//! CLI draws a bar on a terminal, the designer server sends events to the page); with none,
//! nothing is reported. Work is measured in units of estimated cost, so a bar moves evenly.
//!
//! A job of many steps (the hold report) runs under a [`Plan`]: every step it will take, with
//! its planned cost, known before it starts. While the plan runs, the tasks its steps start are
//! shown as one line ("step 3 of 12: face-up-pai-gow 9 further house ways (…)"), its share done is
//! the planned cost of what is done, and the time left is the planned cost left at the speed
//! steps of its kind have run at (a parallel count slows more on a busy machine than a serial
//! step), or else the speed of every step that computed, together (a short step that overran
//! its plan weighs little), or else the step's running; a step read from the cache (done at once) is
//! left out of the speeds, so it does not make the estimate optimistic.
//!
//! Steps may run side by side (the report builds its games' sections on threads of their own).
//! A step's time is then its share of the wall clock: each thread's innermost running step (the
//! latest it started and has not finished) takes an equal share of every moment, and a step
//! that waits on a step inside it takes none. So the speeds stay in wall-clock time at the
//! concurrency the job runs with, and a step that shares the cores does not look slow.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// One report: `done` of `total` units of `task`, or its end.
#[derive(Clone, Debug)]
pub struct Tick<'a> {
    pub task: &'a str,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// The step of a planned job in progress, in words.
    pub step: Option<&'a str>,
    /// The time left, where a plan estimates it (a watcher estimates it otherwise).
    pub eta: Option<Duration>,
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
        if plan_takes(&self.name, done, self.total, finished) {
            return;
        }
        if let Some(w) = WATCHER.get() {
            w(&Tick { task: &self.name, done, total: self.total, finished, step: None, eta: None });
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

/// A step of a planned job: the task it starts (by name), its words, and its planned cost in
/// milliseconds on two idle cores (an estimate; the speeds measured as the job runs correct it).
#[derive(Clone, Debug)]
pub struct Step {
    pub task: String,
    pub words: String,
    pub cost_ms: u64,
    /// Steps of one kind run at one speed relative to their plan.
    pub kind: &'static str,
}

/// A job of planned steps shown as one task (see the module's text). Held while the job runs;
/// ends when dropped.
pub struct Plan {
    _private: (),
}

struct Running {
    name: String,
    steps: Vec<Step>,
    /// Each step's share done (0..=1) and, once finished, whether it computed (took time).
    done: Vec<f64>,
    /// The thread that started each step, and the order steps started in (the latest a thread
    /// started and has not finished is its innermost).
    thread: Vec<Option<(std::thread::ThreadId, usize)>>,
    /// Each step's share of the wall clock so far, in milliseconds.
    accrued: Vec<f64>,
    /// Steps started so far; when the clock was last shared out.
    starts: usize,
    clock: Instant,
    /// Milliseconds spent and planned on the steps that computed, by kind, for the speeds.
    spent: HashMap<&'static str, (f64, f64)>,
    current: Option<usize>,
    last: Instant,
}

impl Running {
    /// Shares the wall clock since it was last shared among the innermost running steps, one
    /// per thread.
    fn share_clock(&mut self, now: Instant) {
        let dt = now.duration_since(self.clock).as_secs_f64() * 1000.0;
        self.clock = now;
        let mut innermost: Vec<(std::thread::ThreadId, usize, usize)> = Vec::new();
        for (i, t) in self.thread.iter().enumerate() {
            let Some((thread, order)) = *t else { continue };
            if self.done[i] >= 1.0 {
                continue;
            }
            match innermost.iter_mut().find(|x| x.0 == thread) {
                Some(x) if x.1 < order => *x = (thread, order, i),
                Some(_) => {}
                None => innermost.push((thread, order, i)),
            }
        }
        let share = dt / innermost.len().max(1) as f64;
        for (_, _, i) in innermost {
            self.accrued[i] += share;
        }
    }
}

static PLAN: Mutex<Option<Running>> = Mutex::new(None);

/// Below this share of its planned cost, a finished step is taken as read from the cache.
const CACHED_SHARE: f64 = 0.05;

impl Plan {
    /// Starts job `name` of `steps`, reported at once (0%, the whole planned time left).
    pub fn start(name: impl Into<String>, steps: Vec<Step>) -> Plan {
        let n = steps.len();
        let now = Instant::now();
        *PLAN.lock().unwrap_or_else(|e| e.into_inner()) = Some(Running {
            name: name.into(),
            steps,
            done: vec![0.0; n],
            thread: vec![None; n],
            accrued: vec![0.0; n],
            starts: 0,
            clock: now,
            spent: HashMap::new(),
            current: None,
            last: now,
        });
        emit(false);
        Plan { _private: () }
    }

}

impl Drop for Plan {
    fn drop(&mut self) {
        emit(true);
        *PLAN.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Routes a task's report into the running plan; false where no plan runs (or it is the plan's
/// own line).
fn plan_takes(task: &str, done: u64, total: u64, finished: bool) -> bool {
    {
        let mut plan = PLAN.lock().unwrap_or_else(|e| e.into_inner());
        let Some(p) = plan.as_mut() else { return false };
        if p.name == task {
            return false;
        }
        let now = Instant::now();
        // The step of this task: the one running, else the first not yet finished.
        let i = p.steps.iter().enumerate().position(|(i, s)| s.task == task && p.done[i] < 1.0 && p.thread[i].is_some()).or_else(|| p.steps.iter().enumerate().position(|(i, s)| s.task == task && p.done[i] < 1.0));
        let Some(i) = i else { return true };
        p.share_clock(now);
        if p.thread[i].is_none() {
            p.thread[i] = Some((std::thread::current().id(), p.starts));
            p.starts += 1;
        }
        p.current = Some(i);
        if finished {
            p.done[i] = 1.0;
            let spent = p.accrued[i];
            let planned = p.steps[i].cost_ms as f64;
            if spent >= CACHED_SHARE * planned {
                let kind = p.spent.entry(p.steps[i].kind).or_insert((0.0, 0.0));
                kind.0 += spent;
                kind.1 += planned;
            }
        } else {
            p.done[i] = (done as f64 / total.max(1) as f64).min(0.999);
            // Redraw at most ten times a second.
            if now.duration_since(p.last) < Duration::from_millis(100) {
                return true;
            }
        }
        p.last = now;
    }
    emit(false);
    true
}

/// Reports the running plan's line to the watcher.
fn emit(finished: bool) {
    let Some(w) = WATCHER.get() else { return };
    let plan = PLAN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(p) = plan.as_ref() else { return };
    let total: u64 = p.steps.iter().map(|s| s.cost_ms).sum::<u64>().max(1);
    let done: f64 = p.steps.iter().zip(&p.done).map(|(s, d)| s.cost_ms as f64 * d).sum();
    // The speed of the step running, once it is under way.
    let running = p.current.filter(|&i| p.done[i] > 0.02 && p.done[i] < 1.0).map(|i| (p.steps[i].kind, p.accrued[i] / (p.steps[i].cost_ms as f64 * p.done[i])));
    let speed_of = |kind: &str| match (p.spent.get(kind), running) {
        (Some(&(spent, planned)), _) => spent / planned,
        (None, Some((k, s))) if k == kind => s,
        _ => {
            let (spent, planned) = p.spent.values().fold((0.0, 0.0), |a, k| (a.0 + k.0, a.1 + k.1));
            if planned > 0.0 {
                spent / planned
            } else {
                running.map_or(1.0, |r| r.1)
            }
        }
    };
    let left_ms: f64 = p.steps.iter().zip(&p.done).map(|(s, d)| s.cost_ms as f64 * (1.0 - d) * speed_of(s.kind)).sum();
    let step = p.current.map(|i| format!("step {} of {}: {}", i + 1, p.steps.len(), p.steps[i].words));
    w(&Tick { task: &p.name, done: (done as u64).min(total), total, finished, step: step.as_deref(), eta: Some(Duration::from_secs_f64((left_ms / 1000.0).max(0.0))) });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running(threads: Vec<Option<(std::thread::ThreadId, usize)>>, done: Vec<f64>, start: Instant) -> Running {
        let n = threads.len();
        let steps = (0..n).map(|i| Step { task: format!("t{i}"), words: String::new(), cost_ms: 1000, kind: "k" }).collect();
        Running { name: "job".into(), steps, done, thread: threads, accrued: vec![0.0; n], starts: n, clock: start, spent: HashMap::new(), current: None, last: start }
    }

    /// A thread's time goes to the latest step it started and has not finished; threads share
    /// the clock equally; a finished step and a step waiting on one inside it take nothing.
    #[test]
    fn the_clock_is_shared_among_each_threads_innermost_step() {
        let here = std::thread::current().id();
        let there = std::thread::spawn(|| std::thread::current().id()).join().unwrap();
        let start = Instant::now();
        // Step 0 (here) holds step 1 (here, started later); step 2 runs on another thread;
        // step 3 (here, started last) is finished, so step 1 is this thread's innermost.
        let mut p = running(vec![Some((here, 0)), Some((here, 1)), Some((there, 2)), Some((here, 3)), None], vec![0.0, 0.5, 0.1, 1.0, 0.0], start);
        p.share_clock(start + Duration::from_millis(100));
        assert_eq!(p.accrued, vec![0.0, 50.0, 50.0, 0.0, 0.0]);
        // The other thread's step ends: the next moment is all this thread's.
        p.done[2] = 1.0;
        p.share_clock(start + Duration::from_millis(160));
        assert_eq!(p.accrued, vec![0.0, 110.0, 50.0, 0.0, 0.0]);
        // Its inner step ends: the outer one takes the time.
        p.done[1] = 1.0;
        p.share_clock(start + Duration::from_millis(200));
        assert_eq!(p.accrued, vec![40.0, 110.0, 50.0, 0.0, 0.0]);
    }
}
