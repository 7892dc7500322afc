//! 早期卡牌规则 The early (2008) card rules (`modes.md` §7.8 V-EARLY-C1…C6, option
//! `early_cards`, default off): what the first rules leaflet says of the cards where it differs
//! from the current rules.
//!
//! - V-EARLY-C1: 乐不思蜀 cannot target the lord (`cards/indulgence.rs` asks [`enabled`]).
//! - V-EARLY-C3: with both 闪电 and 乐不思蜀 in a judgment area, 闪电 is judged first, whatever
//!   the order they were placed in (`flow/turn.rs`'s judgment phase asks [`judge_order`]).
//! - V-EARLY-C5 (过河拆桥 and 顺手牵羊 take a random hand card, a chosen equipped or judgment card)
//!   and V-EARLY-C6 (桃 on a character's last HP cancels a point each: the results of the dying
//!   procedure) are what the engine always does: tested here under the option.
//! - Not yet played: the old 借刀杀人 (V-EARLY-C2), 闪电's 无懈可击 (V-EARLY-C4), the basic
//!   weapon skills (V-EARLY-C7, V-ADVW).

use crate::card::{CardId, CardKind};
use crate::def::option;
use crate::game::Game;
use crate::seat::Seat;

/// Is the early card rules option on (identity mode only)?
pub fn enabled(game: &Game) -> bool {
    game.mode().id == super::MODE.id
        && option::flag(super::OPTIONS, game.mode_options(), "early_cards")
}

/// V-EARLY-C3: the judgment phase's order. `pending` is judged from its end (the last placed
/// first); under the early rules every 闪电 moves to the end, so it is judged before the rest,
/// which keep their order.
pub(crate) fn judge_order(game: &Game, seat: Seat, pending: &mut [CardId]) {
    if enabled(game) {
        let area = &game.table.seats[seat.index()].judge;
        let lightning = |c: &CardId| {
            area.iter()
                .any(|d| d.card == *c && d.kind == CardKind::Lightning)
        };
        pending.sort_by_key(lightning);
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::prompt::Phase;
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn early(roles: &[crate::seat::Role]) -> Scenario {
        let mut s = table(roles);
        s.ruleset = s.ruleset.with_option("early_cards", true);
        s
    }

    /// V-EARLY-C1: 乐不思蜀 cannot be used on the lord; on anyone else it can. Without the
    /// option the lord can be chosen.
    #[test]
    fn v_early_c1_indulgence_cannot_target_the_lord() {
        let at = |scenario: Scenario| {
            let mut s = scenario;
            s.current = Some(Seat(1));
            seat(&mut s, 1).hand = cards(&[Indulgence]);
            Check::new(s)
        };
        let c = at(early(&[Lord, Rebel, Loyalist]));
        assert!(c.find_card(1, Indulgence, &[0]).is_none());
        assert!(c.find_card(1, Indulgence, &[2]).is_some());
        let c = at(table(&[Lord, Rebel, Loyalist]));
        assert!(c.find_card(1, Indulgence, &[0]).is_some());
    }

    /// V-EARLY-C3: 闪电 placed before 乐不思蜀 is still judged first under the early rules;
    /// without them the last placed (乐不思蜀) is judged first.
    #[test]
    fn v_early_c3_lightning_is_judged_before_indulgence() {
        let judged = |scenario: Scenario| {
            let mut s = scenario;
            s.phase = Phase::Judge;
            seat(&mut s, 0).judge = cards(&[Lightning, Indulgence]);
            s.draw_pile_top = vec![
                CardSpec::exact(Peach, Suit::Heart, 3),
                CardSpec::exact(Jink, Suit::Heart, 2),
            ];
            let mut c = Check::new(s);
            c.pass_windows();
            c.pass_windows();
            c.events
                .iter()
                .filter_map(|e| match e {
                    Event::Judged { cause, .. } => Some(*cause),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        use crate::prompt::Cause::Card;
        assert_eq!(
            judged(early(&[Lord, Rebel])),
            vec![Card(Lightning), Card(Indulgence)]
        );
        assert_eq!(
            judged(table(&[Lord, Rebel])),
            vec![Card(Indulgence), Card(Lightning)]
        );
    }

    /// V-EARLY-C5: 过河拆桥 names no hand card: the user picks one face down and the game deals a
    /// random one; an equipped card is chosen by name.
    #[test]
    fn v_early_c5_dismantlement_takes_a_random_hand_card() {
        let mut s = early(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Dismantlement, Dismantlement]);
        seat(&mut s, 1).hand = cards(&[Peach, Jink, Slash]);
        seat(&mut s, 1).equip = cards(&[Axe]);
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]).pass_windows();
        let Some(prompt) = c.game.prompt_for(Seat(0)) else {
            panic!("a pick");
        };
        // Hand cards are offered by position only, never by id.
        let legal = prompt.legal_actions(64);
        let hand_ids = c.game.hand(Seat(1)).to_vec();
        assert!(legal.iter().all(|a| !matches!(a,
            Action::Pick { pick: Pick::Card { card } } if hand_ids.contains(card))));
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert_eq!(c.hand(1).len(), 2);
        c.card(0, Dismantlement, &[1]).pass_windows();
        let axe = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: axe },
            },
        );
        assert!(c.equipment(1).is_empty());
    }

    /// V-EARLY-C6: at 2 HP, 闪电's 3 damage: two 桃 leave the character at 1 HP (each cancels a
    /// point below 1), as the leaflet's example.
    #[test]
    fn v_early_c6_two_peaches_save_from_lightnings_three() {
        let mut s = early(&[Lord, Rebel]);
        s.phase = Phase::Judge;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Peach, Peach]);
        seat(&mut s, 0).judge = cards(&[Lightning]);
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        assert_eq!(c.hp(0), -1);
        c.card(0, Peach, &[]);
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 1);
        assert!(c.alive(0));
    }
}
