//! Hand-picked hands for every evaluator, with the answers worked out from
//! the rules by hand. Ranks: 2=0 3=1 4=2 5=3 6=4 7=5 8=6 9=7 T=8 J=9 Q=10
//! K=11 A=12.

use parsheet_reference::*;
use RefCategory::*;

fn h(text: &str) -> Vec<RefCard> {
    parse_cards(text)
}

fn v(category: RefCategory, tiebreak: &[u8]) -> RefValue {
    RefValue {
        category,
        tiebreak: tiebreak.to_vec(),
    }
}

// --- standard -------------------------------------------------------------

#[test]
fn standard_categories_and_tiebreaks() {
    assert_eq!(standard(&h("As Ks Qs Js Ts")), v(RoyalFlush, &[]));
    assert_eq!(standard(&h("9h Kh Qh Jh Th")), v(StraightFlush, &[11]));
    assert_eq!(standard(&h("Ad 2d 3d 4d 5d")), v(StraightFlush, &[3]));
    assert_eq!(standard(&h("7c 7d 7h 7s Kd")), v(FourOfAKind, &[5, 11]));
    assert_eq!(standard(&h("3c 3d 9h 9s 9d")), v(FullHouse, &[7, 1]));
    assert_eq!(standard(&h("Ah 3h 9h Jh 6h")), v(Flush, &[12, 9, 7, 4, 1]));
    assert_eq!(standard(&h("Ah 2c 3d 4s 5h")), v(Straight, &[3]));
    assert_eq!(standard(&h("Ah Kc Qd Js Th")), v(Straight, &[12]));
    assert_eq!(
        standard(&h("Qh Kc Ad 2s 3h")),
        v(HighCard, &[12, 11, 10, 1, 0])
    );
    assert_eq!(standard(&h("8c 8d 8h Ks 2h")), v(ThreeOfAKind, &[6, 11, 0]));
    assert_eq!(standard(&h("Kh Kd 7c 7s As")), v(TwoPair, &[11, 5, 12]));
    assert_eq!(standard(&h("4h 4d Ac 9s 6s")), v(Pair, &[2, 12, 7, 4]));
    assert_eq!(
        standard(&h("2h 4d 6c 8s Ts")),
        v(HighCard, &[8, 6, 4, 2, 0])
    );
}

#[test]
fn standard_ordering() {
    let order = [
        "2h 3d 4c 5s 7s", // high card
        "Ah Kd Qc Js 9s", // better high card
        "2h 2d 3c 4s 5s", // pair
        "2h 2d 3c 3s 4s", // two pair
        "Ah Ad Kc Ks 2s", // best-ish two pair
        "2h 2d 2c 3s 4s", // trips
        "Ah 2d 3c 4s 5s", // wheel
        "2h 3d 4c 5s 6s", // six-high straight
        "Ah Kd Qc Js Ts", // broadway
        "2h 3h 4h 5h 7h", // flush
        "2h 2d 2c 3s 3h", // full house
        "2h 2d 2c 2s 3h", // quads
        "Ah 2h 3h 4h 5h", // steel wheel
        "9h Kh Qh Jh Th", // king-high straight flush
        "Ah Kh Qh Jh Th", // royal
    ];
    for pair in order.windows(2) {
        assert!(
            standard(&h(pair[0])) < standard(&h(pair[1])),
            "{} < {}",
            pair[0],
            pair[1]
        );
    }
    // Suits never break ties.
    assert_eq!(
        standard(&h("Ah Kd Qc Js 9s")),
        standard(&h("Ac Kh Qs Jd 9d"))
    );
}

#[test]
fn standard_best_of_seven() {
    assert_eq!(standard(&h("As Ks Qs Js 9s Ts 2d")), v(RoyalFlush, &[]));
    // Two sets of trips: the higher makes trips, the lower the pair.
    assert_eq!(standard(&h("5c 5d 5h 9c 9d 9h Ks")), v(FullHouse, &[7, 3]));
    // Three pairs: the best two, then the best remaining card as kicker.
    assert_eq!(standard(&h("5c 5d 9h 9c Jd Jh 2s")), v(TwoPair, &[9, 7, 3]));
    // Six of a suit: the five highest.
    assert_eq!(
        standard(&h("2d 4d 6d 8d Td Qd As")),
        v(Flush, &[10, 8, 6, 4, 2])
    );
    // Straight inside seven cards, the highest one.
    assert_eq!(standard(&h("2c 3d 4h 5s 6c 7d Ah")), v(Straight, &[5]));
    // Six cards.
    assert_eq!(standard(&h("Kc Kd Kh 2s 2c 3d")), v(FullHouse, &[11, 0]));
}

#[test]
#[should_panic]
fn standard_rejects_the_joker() {
    standard(&h("As Ks Qs Js Jk"));
}

#[test]
#[should_panic]
fn standard_rejects_duplicates() {
    standard(&h("As As Qs Js Ts"));
}

#[test]
#[should_panic]
fn standard_rejects_four_cards() {
    standard(&h("As Ks Qs Js"));
}

// --- Saigon semi-wild joker ------------------------------------------------

#[test]
fn saigon_joker_readings() {
    assert_eq!(saigon_joker(&h("As Ad Ah Ac Jk")), v(FiveAces, &[]));
    assert_eq!(saigon_joker(&h("As Ks Qs Js Ts")), v(RoyalFlush, &[1]));
    assert_eq!(saigon_joker(&h("As Ks Qs Js Jk")), v(RoyalFlush, &[0]));
    assert_eq!(saigon_joker(&h("Jk Ks Qs Js Ts")), v(RoyalFlush, &[0]));
    // Not five kings: the joker is an ace here.
    assert_eq!(
        saigon_joker(&h("Kh Kd Kc Ks Jk")),
        v(FourOfAKind, &[11, 12])
    );
    assert_eq!(saigon_joker(&h("Ah Ad Ac 7s Jk")), v(FourOfAKind, &[12, 5]));
    assert_eq!(saigon_joker(&h("Ah Ad 7c 7s Jk")), v(FullHouse, &[12, 5]));
    // The joker pairs only aces.
    assert_eq!(saigon_joker(&h("Jk Kh Kd 5c 8s")), v(Pair, &[11, 12, 6, 3]));
    assert_eq!(
        saigon_joker(&h("Jk Ah Ad 5c 8s")),
        v(ThreeOfAKind, &[12, 6, 3])
    );
    assert_eq!(saigon_joker(&h("Jk Ah 5d 7c 9s")), v(Pair, &[12, 7, 5, 3]));
    assert_eq!(
        saigon_joker(&h("Jk 3h 5d 7c 9s")),
        v(HighCard, &[12, 7, 5, 3, 1])
    );
    assert_eq!(saigon_joker(&h("Jk 2c 2d 7h 9s")), v(Pair, &[0, 12, 7, 5]));
    // The joker fills a straight, at its highest.
    assert_eq!(saigon_joker(&h("Jk 5h 6c 8d 9s")), v(Straight, &[7]));
    assert_eq!(saigon_joker(&h("Jk 2c 3d 4h 5s")), v(Straight, &[4]));
    assert_eq!(saigon_joker(&h("Jk 2c 3d 4h As")), v(Straight, &[3]));
    // The joker fills a flush: as the ace, or the king when the ace is held.
    assert_eq!(
        saigon_joker(&h("Jk 3h 7h 9h Kh")),
        v(Flush, &[12, 11, 7, 5, 1])
    );
    assert_eq!(
        saigon_joker(&h("Jk Ah 3h 7h 9h")),
        v(Flush, &[12, 11, 7, 5, 1])
    );
    // Straight flush beats four of a kind.
    assert_eq!(saigon_joker(&h("Jk 5h 6h 7h 8h")), v(StraightFlush, &[7]));
}

#[test]
fn saigon_joker_ordering() {
    let order = [
        "9h Kh Qh Jh Th", // king-high straight flush
        "Jk Kh Qh Jh Th", // joker royal
        "Ah Kh Qh Jh Th", // natural royal
        "Ah Ad Ac As Jk", // five aces
    ];
    for pair in order.windows(2) {
        assert!(
            saigon_joker(&h(pair[0])) < saigon_joker(&h(pair[1])),
            "{} < {}",
            pair[0],
            pair[1]
        );
    }
    assert!(saigon_joker(&h("Ac Ad Ah As Kd")) < saigon_joker(&h("Jk 5h 6h 7h 4h")));
    // Seven cards: a natural royal is found even when the joker could make one too.
    assert_eq!(
        saigon_joker(&h("As Ks Qs Js Ts Jk 9s")),
        v(RoyalFlush, &[1])
    );
    // The joker used as the missing card of a flush in seven cards.
    assert_eq!(
        saigon_joker(&h("Jk 2d 4d 8d Td 9c 9h")),
        v(Flush, &[12, 8, 6, 2, 0])
    );
    // Without the joker, Saigon reads like standard poker (royal aside).
    assert_eq!(
        saigon_joker(&h("Kh Kd 7c 7s As 2d 3c")),
        standard(&h("Kh Kd 7c 7s As 2d 3c"))
    );
}

// --- Face Up Pai Gow ---------------------------------------------------------

#[test]
fn pai_gow_straight_order() {
    let order = [
        "2h 3d 4c 5s 6s", // lowest straight
        "9h Td Jc Qs Ks", // king-high
        "Ah 2d 3c 4s 5s", // wheel: second highest
        "Ah Kd Qc Js Ts", // broadway: highest
    ];
    for pair in order.windows(2) {
        assert!(
            pai_gow(&h(pair[0])) < pai_gow(&h(pair[1])),
            "{} < {}",
            pair[0],
            pair[1]
        );
    }
    assert_eq!(pai_gow(&h("Ah 2d 3c 4s 5s")), v(Straight, &[12]));
    assert_eq!(pai_gow(&h("Ah Kd Qc Js Ts")), v(Straight, &[13]));
    assert_eq!(pai_gow(&h("9h Td Jc Qs Ks")), v(Straight, &[11]));
    // The joker prefers the wheel (second highest) to the six-high straight.
    assert_eq!(pai_gow(&h("Jk 2c 3d 4h 5s")), v(Straight, &[12]));
}

#[test]
fn pai_gow_straight_flush_and_royal_order() {
    let order = [
        "2h 3h 4h 5h 6h", // lowest straight flush
        "9h Th Jh Qh Kh", // king-high
        "Ah 2h 3h 4h 5h", // wheel: highest straight flush
        "Ah Kh Qh Jh Th", // royal
        "Ah Ad Ac As Jk", // five aces
    ];
    for pair in order.windows(2) {
        assert!(
            pai_gow(&h(pair[0])) < pai_gow(&h(pair[1])),
            "{} < {}",
            pair[0],
            pair[1]
        );
    }
    // Natural and joker royals tie.
    assert_eq!(pai_gow(&h("Ah Kh Qh Jh Th")), pai_gow(&h("Jk Kh Qh Jh Th")));
    assert_eq!(pai_gow(&h("Jk Kh Qh Jh Th")), v(RoyalFlush, &[]));
    // The joker as the ace makes the steel wheel, not the six-high.
    assert_eq!(pai_gow(&h("Jk 2h 3h 4h 5h")), v(StraightFlush, &[12]));
    assert_eq!(saigon_joker(&h("Jk 2h 3h 4h 5h")), v(StraightFlush, &[4]));
    // Everything else is ordinary.
    assert_eq!(pai_gow(&h("Kh Kd Kc Ks Jk")), v(FourOfAKind, &[11, 12]));
    assert_eq!(pai_gow(&h("Jk 3h 7h 9h Kh")), v(Flush, &[12, 11, 7, 5, 1]));
    assert_eq!(
        pai_gow(&h("Jk Kh Kd 5c 8s 2c 3d")),
        v(Pair, &[11, 12, 6, 3])
    );
}

#[test]
fn pai_gow_low_hand() {
    assert_eq!(low_hand(&h("Jk As")), v(Pair, &[12]));
    assert_eq!(low_hand(&h("Jk Kd")), v(HighCard, &[12, 11]));
    assert_eq!(low_hand(&h("9c 9d")), v(Pair, &[7]));
    assert_eq!(low_hand(&h("3d Kc")), v(HighCard, &[11, 1]));
    assert!(low_hand(&h("2c 2d")) > low_hand(&h("Ac Kd")));
    assert!(low_hand(&h("Ac Qd")) < low_hand(&h("Jk Kd")));
    assert_eq!(low_hand(&h("Ac Kd")), low_hand(&h("Jk Kh")));
}

fn lines(text: &str) -> SevenCardLines {
    let cards: [RefCard; 7] = h(text).try_into().unwrap();
    pai_gow_seven_card_lines(&cards)
}

#[test]
fn pai_gow_seven_card_lines_examples() {
    let none = SevenCardLines::default();
    let natural_sf = SevenCardLines {
        seven_card_straight_flush_natural: true,
        ..none
    };
    assert_eq!(lines("2h 3h 4h 5h 6h 7h 8h"), natural_sf);
    assert_eq!(lines("Ah 2h 3h 4h 5h 6h 7h"), natural_sf);
    assert_eq!(lines("8h 9h Th Jh Qh Kh Ah"), natural_sf);
    assert_eq!(lines("Qh Kh Ah 2h 3h 4h 5h"), none); // no wrap
    assert_eq!(lines("2h 3h 4h 5h 6h 7h 8d"), none); // not one suit

    let joker_sf = SevenCardLines {
        seven_card_straight_flush_with_joker: true,
        ..none
    };
    assert_eq!(lines("Jk 3h 4h 5h 6h 7h 8h"), joker_sf);
    assert_eq!(lines("Jk 2h 3h 5h 6h 7h 8h"), joker_sf); // joker fills a gap
    assert_eq!(lines("Jk 2h 3h 4h 5h 6h Kh"), none);
    assert_eq!(lines("Jk 2h 3h 5h 6h 7h 9h"), none);
    assert_eq!(lines("Jk Kh Qh Jh Th 9h 8h"), joker_sf);

    let royal_match = SevenCardLines {
        royal_plus_royal_match: true,
        ..none
    };
    assert_eq!(lines("As Ks Qs Js Ts Kh Qh"), royal_match);
    assert_eq!(lines("As Ks Jk Js Ts Kh Qh"), royal_match);
    assert_eq!(lines("As Ks Qs Js Ts Kh Qd"), none); // K and Q of different suits
    // Joker as Ts for the royal; as an ace it would pair As beside K-K and Q-Q: the flags are
    // independent, so this hand holds three pair too (a game pays its best line).
    assert_eq!(
        lines("As Ks Qs Js Jk Kh Qh"),
        SevenCardLines {
            three_pair: true,
            ..royal_match
        }
    );
    assert_eq!(lines("As Ks Qs Js 9s Kh Qh"), none);

    assert_eq!(
        lines("As Ah Ad Ac Jk 3c 9d"),
        SevenCardLines {
            five_aces: true,
            ..none
        }
    );
    assert_eq!(
        lines("7s 7h 7d 7c Jk 3c 9d"),
        SevenCardLines {
            five_of_a_kind: true,
            ..none
        }
    );
    assert_eq!(lines("7s 7h 7d 7c Ad 3c 9d"), none);
    assert_eq!(lines("As Ah Ad Ac Kd 3c 9d"), none);

    assert_eq!(
        lines("3c 3d 5h 5s 9c 9d Kh"),
        SevenCardLines {
            three_pair: true,
            ..none
        }
    );
    assert_eq!(
        lines("3c 3d 5h 5s 9c 9d 9h"),
        SevenCardLines {
            three_pair: true,
            ..none
        }
    );
    // § 688a.6(a): the joker plays as an ace, so it pairs an ace and nothing else.
    assert_eq!(lines("3c 3d 5h 5s 9c Jk Kh"), none);
    assert_eq!(
        lines("3c 3d 5h 5s Ac Jk Kh"),
        SevenCardLines {
            three_pair: true,
            ..none
        }
    );
    assert_eq!(lines("Ac Ad 5h 5s 9c Jk Kh"), none);
}

// --- DJ Wild -------------------------------------------------------------------

#[test]
fn deuces_joker_wild_readings() {
    assert_eq!(deuces_joker_wild(&h("2c 2d 2h 2s Jk")), v(FiveWilds, &[]));
    assert_eq!(
        deuces_joker_wild(&h("2c 2d 2h 2s Jk 3c 9d")),
        v(FiveWilds, &[])
    );
    assert_eq!(deuces_joker_wild(&h("2c 2d 2h 2s As")), v(RoyalFlush, &[]));
    assert_eq!(
        deuces_joker_wild(&h("2c 2d 2h 2s 7s")),
        v(FiveOfAKind, &[5])
    );
    assert_eq!(
        deuces_joker_wild(&h("7c 7d 7h 2s Jk")),
        v(FiveOfAKind, &[5])
    );
    assert_eq!(
        deuces_joker_wild(&h("Ac Ad Ah As Jk")),
        v(FiveOfAKind, &[12])
    );
    // Straight flush with the wilds inside and at the ends.
    assert_eq!(
        deuces_joker_wild(&h("5h 7h 2c 9h Jk")),
        v(StraightFlush, &[7])
    );
    assert_eq!(
        deuces_joker_wild(&h("Ah 3h 4h 2c 5h")),
        v(StraightFlush, &[3])
    );
    // A flush never uses a card twice: with the ace held the joker is the king.
    assert_eq!(
        deuces_joker_wild(&h("Jk Ah 3h 5h 8h")),
        v(Flush, &[12, 11, 6, 3, 1])
    );
    assert_eq!(
        deuces_joker_wild(&h("Jk 3h 5h 8h Th")),
        v(Flush, &[12, 8, 6, 3, 1])
    );
    // Deuces make quads of the pair, not a full house.
    assert_eq!(
        deuces_joker_wild(&h("2c 2d 5h 5s 9c")),
        v(FourOfAKind, &[3, 7])
    );
    assert_eq!(
        deuces_joker_wild(&h("2h Ah Kh 7c 7d")),
        v(ThreeOfAKind, &[5, 12, 11])
    );
    assert_eq!(
        deuces_joker_wild(&h("Jk 4c 4d 9h 9s")),
        v(FullHouse, &[7, 2])
    );
    assert_eq!(deuces_joker_wild(&h("2h 3c 4d 5h 6s")), v(Straight, &[5]));
    assert_eq!(
        deuces_joker_wild(&h("2h 3c 5d 8h Ts")),
        v(Pair, &[8, 6, 3, 1])
    );
    assert_eq!(
        deuces_joker_wild(&h("3c 5d 8h Ts Kd")),
        v(HighCard, &[11, 8, 6, 3, 1])
    );
}

#[test]
fn deuces_joker_wild_ordering() {
    let order = [
        "9h Kh Qh Jh Th", // straight flush
        "7c 7d 7h 2s Jk", // five of a kind
        "Ah Kh Qh Jh Th", // natural royal
        "2c 2d 2h 2s Jk", // five wilds
    ];
    for pair in order.windows(2) {
        assert!(
            deuces_joker_wild(&h(pair[0])) < deuces_joker_wild(&h(pair[1])),
            "{} < {}",
            pair[0],
            pair[1]
        );
    }
    // Natural and wild royals tie.
    assert_eq!(
        deuces_joker_wild(&h("Ah Kh Qh Jh Th")),
        deuces_joker_wild(&h("Ah Kh 2c Jh Jk"))
    );
    // Five aces is just the top five of a kind, below a wild royal.
    assert!(deuces_joker_wild(&h("Ac Ad Ah As Jk")) < deuces_joker_wild(&h("Jk Kh Qh Jh Th")));
    // Without wild cards it is standard poker.
    assert_eq!(
        deuces_joker_wild(&h("Kh Kd 7c 7s As 9d 3c")),
        standard(&h("Kh Kd 7c 7s As 9d 3c"))
    );
}

#[test]
fn deuces_natural_category_examples() {
    assert_eq!(deuces_natural_category(&h("2c 2d 5h 5s 9c")), Some(TwoPair));
    assert_eq!(
        deuces_natural_category(&h("2c 2d 2h 2s 9c")),
        Some(FourOfAKind)
    );
    assert_eq!(
        deuces_natural_category(&h("Ah 2h 3h 4h 5h 9c Td")),
        Some(StraightFlush)
    );
    assert_eq!(deuces_natural_category(&h("2c 2d 2h 2s Jk")), None);
}

// --- High Card Flush -------------------------------------------------------------

#[test]
fn hcf_flush_value() {
    assert_eq!(
        hcf_value(&h("2h 9h Jh Kh As Qs 3c")),
        (4, vec![11, 9, 7, 0])
    );
    // Three and three: the higher list of ranks wins the tie of lengths.
    assert_eq!(hcf_value(&h("2h 9h Kh As 3s 4s 5c")), (3, vec![12, 2, 1]));
    assert_eq!(hcf_value(&h("Qh 9h 8h Qs Js 2s 5c")), (3, vec![10, 9, 0]));
    // No two of a suit: a one-card "flush", the highest card.
    assert_eq!(hcf_value(&h("2h 9c Kd As")), (1, vec![12]));
    // Length first, then ranks.
    assert!(hcf_value(&h("2h 3h 4h 5h 7c 8c 9d")) > hcf_value(&h("Ah Kh Qh 2s 3s 4c 5c")));
    assert!(hcf_value(&h("Ah 3h 4h 5c 7c 8d 9s")) > hcf_value(&h("Kh Qh Jh 5c 7c 8d 9s")));
    assert_eq!(
        hcf_value(&h("2c 3c 4c 5c 6c 7c 8c")),
        (7, vec![6, 5, 4, 3, 2, 1, 0])
    );
}

#[test]
fn hcf_straight_flush_length() {
    assert_eq!(hcf_longest_straight_flush(&h("Ah 2h 3h Kh Qh 9c 8c")), 3);
    assert_eq!(hcf_longest_straight_flush(&h("Ah 2h Kh 7c 9d 4s Jd")), 2);
    assert_eq!(hcf_longest_straight_flush(&h("Ah 3h 5h 7c 9d Js Kd")), 1);
    assert_eq!(hcf_longest_straight_flush(&h("2c 3c 4c 5c 6c 7c 8c")), 7);
    assert_eq!(hcf_longest_straight_flush(&h("Ac 2c 3c 4c 5c 6c 8c")), 6);
    assert_eq!(hcf_longest_straight_flush(&h("Tc Jc Qc Kc Ac 2c 3c")), 5);
    // Consecutive but in two suits.
    assert_eq!(hcf_longest_straight_flush(&h("4c 5d 6c 7d 8c 9d Tc")), 1);
}

// --- Card basics -------------------------------------------------------------------

#[test]
fn cards_and_names() {
    assert_eq!(
        h("As Td 2c Jk"),
        vec![
            RefCard::Natural { rank: 12, suit: 3 },
            RefCard::Natural { rank: 8, suit: 1 },
            RefCard::Natural { rank: 0, suit: 0 },
            RefCard::Joker,
        ]
    );
    let text: Vec<String> = h("As Td 2c Jk").iter().map(|c| c.to_string()).collect();
    assert_eq!(text, ["As", "Td", "2c", "Jk"]);
    assert_eq!(deck(true).len(), 53);
    assert_eq!(ThreeOfAKind.name(), "three-of-a-kind");
    assert_eq!(FiveWilds.name(), "five-wilds");
    assert_eq!(HighCard.name(), "high-card");
}
