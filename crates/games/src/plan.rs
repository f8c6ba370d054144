//! Strategies as data, and the exact house edge of playing one.
//!
//! A solver decides hand by hand and keeps the best play; a person, a lab or a training sheet
//! needs the strategy itself: every *decision class* (a situation the player can recognise, fine
//! enough that the optimal play is one action in all of it) with its action. A [`Plan`] is that
//! table, and each chapter's `plan` module *replays* one: the same exact enumeration as its
//! solver, with the action read from the plan instead of the best one taken. So
//!
//! - the optimal plan, written out and read back, reproduces the solver's house edge to the
//!   last digit (the tests check this, and that a wrong plan does strictly worse);
//! - any simplified rule a person can follow (a threshold table, a short strategy, the pre-flop
//!   chart with a flop and river rule) is a plan too, with its own exact house edge and its
//!   cost against the optimal one.
//!
//! Replays never call a solver's maximiser: they count what the fixed actions earn. Where a
//! game's optimal play cannot be listed, the chapter says what its plan covers and what is
//! played otherwise: Heads-Up Hold 'Em's plan is its pre-flop chart (169 starting hands), its
//! flop and river played as the optimal strategy plays them (per-board spots, summarised by
//! `flop_rule` and `river_rule`); Face Up Pai Gow has no plan (its setting against the dealer's
//! exposed hands is a rule in words, `OPTIMAL_RULE`, right on every deal).
//!
//! A replay also returns its outcomes by hand ([`HandNet`]): the deals and the net result of
//! each player hand class (category, flush length, Point Count, first card, starting hand),
//! where the game settles by hand.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;

/// One decision class of a plan: its id (what a CSV names), the situation in words, the action,
/// and how many deals of the cycle reach it under the plan it came from (0 where unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassRow {
    pub class: String,
    pub situation: String,
    pub action: String,
    pub deals: u128,
}

/// A strategy as data: every decision class with its action.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    rows: Vec<ClassRow>,
    index: HashMap<String, usize>,
}

impl Plan {
    /// A plan from its rows; a class named twice is refused.
    pub fn new(rows: Vec<ClassRow>) -> Result<Plan, String> {
        let mut index = HashMap::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            if index.insert(r.class.clone(), i).is_some() {
                return Err(format!("decision class {:?} is given twice", r.class));
            }
        }
        Ok(Plan { rows, index })
    }

    /// A plan from (class, action) pairs, as read from a file.
    pub fn from_actions<S: Into<String>, T: Into<String>>(pairs: impl IntoIterator<Item = (S, T)>) -> Result<Plan, String> {
        Plan::new(pairs.into_iter().map(|(c, a)| ClassRow { class: c.into(), situation: String::new(), action: a.into(), deals: 0 }).collect())
    }

    pub fn rows(&self) -> &[ClassRow] {
        &self.rows
    }

    /// The action of `class`, if the plan names one.
    pub fn get(&self, class: &str) -> Option<&str> {
        self.index.get(class).map(|&i| self.rows[i].action.as_str())
    }

    /// The action of `class` as an index into `actions`: an error names the class when the plan
    /// has no action for it, or one not among `actions`.
    pub fn choice(&self, class: &str, actions: &[&str]) -> Result<usize, String> {
        let a = self.get(class).ok_or_else(|| format!("the strategy names no action for decision class {class:?}"))?;
        actions
            .iter()
            .position(|x| *x == a)
            .ok_or_else(|| format!("decision class {class:?}: action {a:?} is not one of {}", actions.join(", ")))
    }

    /// Refuses classes the game does not have (a typo in a file would otherwise go unnoticed).
    pub fn only_classes(&self, known: &dyn Fn(&str) -> bool) -> Result<(), String> {
        match self.rows.iter().find(|r| !known(&r.class)) {
            Some(r) => Err(format!("decision class {:?} is not a decision class of this game", r.class)),
            None => Ok(()),
        }
    }
}

/// The net result of one player hand class under a plan: its deals and the sum of their net
/// results, per Ante.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandNet {
    pub hand: String,
    pub deals: u128,
    pub total_net: BigRational,
}

/// The exact result of playing a plan over the whole cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub cycle: u128,
    /// Expected net result per Ante.
    pub expected_net: BigRational,
    /// Expected total wagered per Ante.
    pub expected_wager: BigRational,
    /// What is wagered before the deal, in Antes.
    pub initial_wager: BigRational,
    /// Outcomes by player hand, where the game settles by hand (empty otherwise).
    pub by_hand: Vec<HandNet>,
}

impl Replay {
    /// −expected net per Ante.
    pub fn house_edge(&self) -> BigRational {
        -self.expected_net.clone()
    }

    pub fn house_edge_per_initial_wager(&self) -> BigRational {
        self.house_edge() / &self.initial_wager
    }

    /// −expected net per total wagered.
    pub fn element_of_risk(&self) -> BigRational {
        -(&self.expected_net / &self.expected_wager)
    }
}

pub(crate) fn ratio(n: i128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// Hand lines from (name, deals, net numerator) over a common denominator `den`.
pub(crate) fn hand_lines(lines: Vec<(String, u128, i128)>, den: u128) -> Vec<HandNet> {
    lines.into_iter().filter(|l| l.1 > 0).map(|(hand, deals, n)| HandNet { hand, deals, total_net: ratio(n, den) }).collect()
}

/// One row of a rule a person can follow: a situation, its action, the deals that reach it
/// (under the rule's own plan), and of those the deals where the optimal strategy takes the
/// same action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRow {
    pub situation: String,
    pub action: String,
    pub deals: u128,
    pub right: u128,
}

/// A rule a person can follow, as rows, with the complete plan it defines (what a replay plays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// A short id (`complete`, `simple`, `flop`, …).
    pub id: String,
    pub title: String,
    /// What the rule leaves to another table or to the optimal play, in words.
    pub note: String,
    pub rows: Vec<RuleRow>,
    pub plan: Plan,
}

/// A main game's strategies as data, each replayed over the whole cycle: the complete plan (the
/// solver's choices, class by class) and the rules a person can follow.
#[derive(Clone, Debug)]
pub struct Strategies {
    pub optimal: Plan,
    pub replay: Replay,
    pub rules: Vec<(Rule, Replay)>,
}
