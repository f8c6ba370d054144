//! A main game's strategy as a player can follow it: the complete plan (every decision class
//! with its action, what `parsheet strategy GAME --format csv` writes) and the rules a person
//! can carry to the table, each with the exact figures of playing it over the whole cycle and
//! its cost against the optimal strategy. The figures come from replays
//! (`parsheet_games::plan`): the plan is played, not re-solved, and the complete plan's replay
//! must land on the solver's own figures, or the record is refused.

use num_rational::BigRational;
use parsheet_games::plan::{Replay, Strategies};
use schemars::JsonSchema;
use serde::Serialize;

use crate::vocab::{Count, Exact};

/// One decision class of the complete strategy.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PlanClass {
    /// The class id a plan file names (`pair-4-A-Q-9`, `3:10-8-6`, `first-ace`).
    pub class: String,
    pub situation: String,
    pub action: String,
    /// Deals of the cycle in the class.
    pub deals: Count,
}

/// The exact result of playing a plan over every deal.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Replayed {
    pub house_edge_per_ante: Exact,
    pub house_edge_per_initial_wager: Exact,
    /// House edge per total wagered.
    pub element_of_risk: Exact,
    /// The average total wagered, raises included, in Antes.
    pub average_wager: Exact,
    /// The house edge per Ante minus the optimal strategy's (0 for the complete plan).
    pub cost_per_ante: Exact,
}

/// One row of a rule: a situation and its action, the deals in it, and of those the deals
/// where the optimal strategy takes the same action.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RuleRow {
    pub situation: String,
    pub action: String,
    pub deals: Count,
    pub right: Count,
}

/// A rule a person can follow, with the figures of playing it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RuleRecord {
    /// `complete`, `thresholds`, `simple`, …
    pub id: String,
    pub title: String,
    pub note: String,
    pub rows: Vec<RuleRow>,
    pub figures: Replayed,
}

/// The outcome of one kind of player hand under the complete plan.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct HandOutcome {
    pub hand: String,
    pub deals: Count,
    pub probability: Exact,
    /// Its share of the expected net per Ante.
    #[serde(rename = "return")]
    pub contribution: Exact,
}

/// The strategy a player can follow: the complete plan, its replay, the rules.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PlayerStrategy {
    /// Every decision class with its action: the complete (optimal) strategy.
    pub classes: Vec<PlanClass>,
    /// The complete plan replayed: equal to the solver's figures.
    pub figures: Replayed,
    pub rules: Vec<RuleRecord>,
    /// Outcomes by player hand under the complete plan (empty where the game does not settle
    /// by a hand class).
    pub by_hand: Vec<HandOutcome>,
}

fn replayed(r: &Replay, optimal: &Replay) -> Replayed {
    Replayed {
        house_edge_per_ante: Exact(r.house_edge()),
        house_edge_per_initial_wager: Exact(r.house_edge_per_initial_wager()),
        element_of_risk: Exact(r.element_of_risk()),
        average_wager: Exact(r.expected_wager.clone()),
        cost_per_ante: Exact(r.house_edge() - optimal.house_edge()),
    }
}

/// The record of `s`, checked against the solver's expected net and average wager per Ante.
pub fn player_strategy(s: &Strategies, expected_net: &BigRational, expected_wager: &BigRational) -> Result<PlayerStrategy, String> {
    if s.replay.expected_net != *expected_net || s.replay.expected_wager != *expected_wager {
        return Err(format!(
            "the complete strategy replays to a net of {} and a wager of {} per Ante, the solver finds {} and {}: a defect, please report it",
            s.replay.expected_net, s.replay.expected_wager, expected_net, expected_wager
        ));
    }
    let cycle = BigRational::from_integer(s.replay.cycle.into());
    Ok(PlayerStrategy {
        classes: s.optimal.rows().iter().map(|r| PlanClass { class: r.class.clone(), situation: r.situation.clone(), action: r.action.clone(), deals: Count(r.deals) }).collect(),
        figures: replayed(&s.replay, &s.replay),
        rules: s
            .rules
            .iter()
            .map(|(rule, r)| RuleRecord {
                id: rule.id.clone(),
                title: rule.title.clone(),
                note: rule.note.clone(),
                rows: rule.rows.iter().map(|x| RuleRow { situation: x.situation.clone(), action: x.action.clone(), deals: Count(x.deals), right: Count(x.right) }).collect(),
                figures: replayed(r, &s.replay),
            })
            .collect(),
        by_hand: s
            .replay
            .by_hand
            .iter()
            .map(|h| HandOutcome {
                hand: h.hand.clone(),
                deals: Count(h.deals),
                probability: Exact(BigRational::from_integer(h.deals.into()) / &cycle),
                contribution: Exact(&h.total_net / &cycle),
            })
            .collect(),
    })
}

/// A plan given as data (a file's classes and actions), replayed against the solved game `x`:
/// its figures, and its cost against the optimal strategy.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PlanReplay {
    pub game: String,
    pub reading: String,
    pub paytable: Option<String>,
    /// Decision classes the plan names.
    pub classes: usize,
    pub cycle: Count,
    pub figures: Replayed,
}

/// Replays `plan` in main game `game` under `reading` with the paytable its solver read
/// (`table`), against that solution (`solution`, for the cost); a game solved with a bonus
/// table (Heads-Up's Bad Beat) is refused.
pub fn replay_plan(game: &str, reading: &str, table: Option<&parsheet_paytable::Paytable>, with_bonus: bool, solution: &parsheet_games::strategy::Solution, plan: &parsheet_games::plan::Plan) -> Result<PlanReplay, String> {
    if with_bonus {
        return Err("a plan is replayed without a Bad Beat table".into());
    }
    let r = parsheet_games::strategy::replay_plan(game, reading, table, plan)?;
    let optimal = Replay { cycle: r.cycle, expected_net: solution.expected_net.clone(), expected_wager: solution.expected_wager.clone(), initial_wager: solution.initial_wager.clone(), by_hand: vec![] };
    Ok(PlanReplay { game: game.into(), reading: reading.into(), paytable: table.map(|t| t.id.clone()), classes: plan.rows().len(), cycle: Count(r.cycle), figures: replayed(&r, &optimal) })
}
