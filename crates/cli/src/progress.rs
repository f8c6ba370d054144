//! How long work shows on stderr: a bar with the share done and an estimate of the time left
//! on a terminal, and a plain line at every tenth elsewhere (a log, CI), for work that lasts over
//! two seconds. The work reports units of its estimated cost (`parsheet_app::progress`), so the
//! share done is a share of the time. A planned job (the report) is shown from its start, with
//! the step it is on and the time left its plan estimates.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use parsheet_app::progress::Tick;

/// What is known of a task while it runs.
struct Shown {
    start: Instant,
    last_draw: Instant,
    tenths: u64,
    /// When the first work was reported done, and the share then: the time left is estimated
    /// from the rate since, so a setup before the first unit (Face Up Pai Gow builds its tables
    /// for a while) does not inflate it.
    first: Option<(Instant, f64)>,
    /// Whether a line was printed (elsewhere than on a terminal).
    shown: bool,
}

/// Installs the stderr watcher of this process.
pub fn install() {
    let terminal = std::io::stderr().is_terminal();
    let state: Mutex<HashMap<String, Shown>> = Mutex::new(HashMap::new());
    parsheet_app::progress::watch(Box::new(move |t: &Tick| {
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let s = state.entry(t.task.to_string()).or_insert(Shown { start: now, last_draw: now - Duration::from_secs(1), tenths: 0, first: None, shown: false });
        let elapsed = now.duration_since(s.start);
        let fraction = t.done as f64 / t.total.max(1) as f64;
        if s.first.is_none() && t.done > 0 {
            s.first = Some((now, fraction));
        }
        if t.finished {
            if terminal && (elapsed > Duration::from_secs(2) || t.eta.is_some()) {
                eprint!("\r\x1b[K");
            } else if !terminal && (s.tenths > 0 || s.shown) {
                eprintln!("parsheet: {} done in {}", t.task, clock(elapsed));
            }
            state.remove(t.task);
            return;
        }
        let planned = t.eta.is_some();
        if elapsed < Duration::from_secs(2) && !planned {
            return;
        }
        let eta = t.eta.or_else(|| s.first.filter(|(_, f0)| fraction > *f0).map(|(t0, f0)| now.duration_since(t0).mul_f64((1.0 - fraction) / (fraction - f0))));
        let eta = eta.map_or("ETA --:--".to_string(), |e| format!("ETA {}", clock(e)));
        let step = t.step.map(|x| format!(" ({x})")).unwrap_or_default();
        if terminal {
            if now.duration_since(s.last_draw) < Duration::from_millis(100) {
                return;
            }
            s.last_draw = now;
            let width = 30;
            let filled = (fraction * width as f64).round() as usize;
            // The step's words change in length: clear what a longer line left.
            eprint!("\r{} [{}{}] {:>5.1}% {eta}{step}\x1b[K", t.task, "#".repeat(filled), "-".repeat(width - filled.min(width)), 100.0 * fraction);
            let _ = std::io::stderr().flush();
        } else {
            let tenths = (fraction * 10.0).floor() as u64;
            // A planned job says at once that it started, and what it will take.
            let first = planned && s.tenths == 0 && s.first.is_none() && !s.shown;
            if tenths > s.tenths || first {
                s.tenths = tenths;
                s.shown = true;
                eprintln!("parsheet: {} {}% ({eta}){step}", t.task, 10 * tenths);
            }
        }
    }));
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
