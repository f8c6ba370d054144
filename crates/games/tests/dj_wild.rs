//! DJ Wild's player-against-dealer counting checked pair by pair: the inclusion–exclusion sweep
//! against a direct loop over every disjoint pair on reduced decks, single full-deck hands
//! against all 1,712,304 dealer hands, and the solution's totals and decisions against values
//! recomputed from first principles.

use num_rational::BigRational;
use parsheet_cards::{binomial, Card, CardSet, Deck};
use parsheet_eval::{Category, Evaluator, HandRank, Ranking};
use parsheet_games::head_to_head::matchups;
use parsheet_games::strategy::dj_wild::{dj_matchups, BLIND_OUTCOMES};
use parsheet_games::strategy::find_strategy;
use parsheet_paytable::{Line, Pay, Paytable};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn sets(deck: &[Card], k: usize) -> Vec<CardSet> {
    parsheet_cards::Subsets::new(deck, k).collect()
}

/// A reduced deck with all five wild cards, so that wild hands, ties and every threshold occur.
fn reduced_deck() -> Vec<Card> {
    "2c 2d 2h 2s Jk Ac Ad Ah Kc Kd Qs Js Ts 9s 5h 5d 3c".split(' ').map(card).collect()
}

#[test]
fn sweep_equals_pair_by_pair_on_a_reduced_deck() {
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let deck = reduced_deck();
    let rank = |h: CardSet| e.evaluate(h).0 as u32;
    let thresholds: Vec<u32> = [Category::Pair, Category::ThreeOfAKind, Category::Flush, Category::FourOfAKind]
        .iter()
        .map(|&c| (1..=e.class_count() as u32).find(|&r| e.category(HandRank(r as u16)) == c).unwrap())
        .collect();
    let m = matchups(&deck, 5, rank, &thresholds);
    let hands = sets(&deck, 5);
    assert_eq!(m.hands.len(), hands.len());
    assert_eq!(m.opponents, binomial(deck.len() as u64 - 5, 5));
    let (mut ties, mut answered) = (0u64, 0u64);
    for (i, &p) in m.hands.iter().enumerate() {
        let r = rank(p);
        assert_eq!(m.ranks[i], r);
        let (mut below, mut equal, mut above) = (0u32, 0u32, 0u32);
        let mut under = vec![0u32; thresholds.len()];
        for &d in &hands {
            if d.0 & p.0 != 0 {
                continue;
            }
            let s = rank(d);
            match s.cmp(&r) {
                std::cmp::Ordering::Less => below += 1,
                std::cmp::Ordering::Equal => equal += 1,
                std::cmp::Ordering::Greater => above += 1,
            }
            for (t, &b) in thresholds.iter().enumerate() {
                under[t] += (s < b) as u32;
            }
        }
        assert_eq!((m.below[i], m.equal[i], m.above[i]), (below, equal, above), "{p}");
        for (t, &b) in thresholds.iter().enumerate() {
            match m.below_threshold(i, t) {
                Some(n) => {
                    assert!(r >= b);
                    assert_eq!(n, under[t], "{p} below threshold {t}");
                    answered += 1;
                }
                None => assert!(r < b),
            }
        }
        ties += equal as u64;
    }
    assert!(ties > 0 && answered > 0, "the reduced deck must exercise ties and thresholds");
}

#[test]
fn sweep_handles_other_hand_sizes() {
    // Four-card "hands" ranked by the sum of rank indexes: many ties, a different k.
    let deck: Vec<Card> = Deck::standard().cards().iter().copied().filter(|c| c.rank().unwrap().0 >= 8).collect();
    let rank = |h: CardSet| h.iter().map(|c| c.rank().unwrap().0 as u32 + 1).sum::<u32>();
    let m = matchups(&deck, 4, rank, &[40]);
    let hands = sets(&deck, 4);
    for (i, &p) in m.hands.iter().enumerate() {
        let r = rank(p);
        let opp = hands.iter().filter(|d| d.0 & p.0 == 0);
        let below = opp.clone().filter(|&&d| rank(d) < r).count() as u32;
        let equal = opp.clone().filter(|&&d| rank(d) == r).count() as u32;
        assert_eq!((m.below[i], m.equal[i]), (below, equal));
        assert_eq!(m.above[i] as u64, m.opponents - below as u64 - equal as u64);
        if let Some(n) = m.below_threshold(i, 0) {
            assert_eq!(n as usize, opp.filter(|&&d| rank(d) < 40).count());
        }
    }
}

/// Full-deck player hands against every dealer hand of the other 48 cards, directly.
#[test]
fn full_deck_hands_equal_direct_enumeration() {
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let m = dj_matchups();
    let deck = Deck::with_joker();
    for text in ["As Ks Qs Js Ts", "4c 4d 9h 7s 3c", "2c Jk 9h 9d 9s", "Ac Kd 8h 6s 3c"] {
        let hand = CardSet::from_cards(text.split(' ').map(card));
        let i = m.hands.iter().position(|&h| h == hand).unwrap();
        let r = e.evaluate(hand);
        let rest = deck.without(hand);
        let (mut below, mut equal) = (0u32, 0u32);
        for d in parsheet_cards::Subsets::new(rest.cards(), 5) {
            let s = e.evaluate(d);
            below += (s < r) as u32;
            equal += (s == r) as u32;
        }
        assert_eq!((m.below[i], m.equal[i], m.above[i]), (below, equal, 1_712_304 - below - equal), "{text}");
    }
}

fn statutory_blind() -> Paytable {
    let pays = ["1000 to 1", "50 to 1", "10 to 1", "9 to 1", "4 to 1", "3 to 1", "2 to 1", "1 to 1", "Push"];
    Paytable {
        id: "687a.12(b)".into(),
        lines: BLIND_OUTCOMES.iter().zip(pays).map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse::<Pay>().unwrap() }).collect(),
    }
}

#[test]
fn solution_adds_up_and_raises_exactly_where_raising_is_worth_more() {
    let g = find_strategy("dj-wild").unwrap();
    assert!(g.solve(None, None).is_err(), "the Blind paytable is required");
    let s = g.solve(None, Some(&statutory_blind())).unwrap();
    let cycle = binomial(53, 5) as u128 * binomial(48, 5) as u128;
    assert_eq!(s.counts.cycle(), cycle);
    assert_eq!(s.counts.rows().iter().map(|r| r.1).sum::<u128>(), cycle);
    assert_eq!(s.strategy.iter().map(|d| d.deals).sum::<u128>(), cycle);

    // Recompute the expected net from the matchup counts with a decision made here, in
    // rationals: Blind net per category straight from 687a.12(b).
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let m = dj_matchups();
    let blind = |c: Category| -> i64 {
        match c {
            Category::FiveWilds => 1000,
            Category::RoyalFlush => 50,
            Category::FiveOfAKind => 10,
            Category::StraightFlush => 9,
            Category::FourOfAKind => 4,
            Category::FullHouse => 3,
            Category::Flush => 2,
            Category::Straight => 1,
            _ => 0,
        }
    };
    let (mut net, mut raised) = (0i128, 0u128);
    for i in 0..m.hands.len() {
        let c = e.category(HandRank(m.ranks[i] as u16));
        let raise = m.below[i] as i128 * (3 + blind(c)) as i128 - 4 * m.above[i] as i128;
        let fold = -2 * m.opponents as i128;
        if raise > fold {
            net += raise;
            raised += m.opponents as u128;
        } else {
            net += fold;
        }
        if c >= Category::ThreeOfAKind {
            assert!(raise > fold, "three of a kind or better always raises");
        }
    }
    assert_eq!(s.expected_net, BigRational::new(net.into(), cycle.into()));
    assert_eq!(s.expected_wager, BigRational::new((2 * cycle + 2 * raised).into(), cycle.into()));
    // The weakest hands fold and the strong ones raise.
    assert_eq!(s.strategy.last().unwrap().choice, "fold");
    assert_eq!(s.strategy.first().unwrap().choice, "raise");
}

#[test]
fn bad_beat_readings_pay_only_beaten_hands_of_three_of_a_kind_or_better() {
    let w = parsheet_games::find("dj-wild", "bad-beat").unwrap();
    let one_way = w.count(Some("player-hand-loses")).unwrap();
    let two_way = w.count(Some("either-hand-loses")).unwrap();
    let m = dj_matchups();
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    // One way: Σ over the player's hands of three of a kind or better of the hands beating it.
    let mut by_category = std::collections::HashMap::<&str, u128>::new();
    for i in 0..m.hands.len() {
        let c = e.category(HandRank(m.ranks[i] as u16));
        if c >= Category::ThreeOfAKind {
            *by_category.entry(c.name()).or_default() += m.above[i] as u128;
        }
    }
    for o in w.outcomes {
        assert_eq!(one_way.get(o).unwrap(), by_category.get(o).copied().unwrap_or(0), "{o}");
    }
    // Two way adds the mirror image: each deal where the dealer's hand of three of a kind or
    // better loses is, by symmetry of the deal, one where the player's hand of that category
    // loses, so every line exactly doubles.
    for o in w.outcomes {
        assert_eq!(two_way.get(o).unwrap(), 2 * one_way.get(o).unwrap(), "{o}");
    }
}
