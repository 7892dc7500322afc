//! 行殇 Xingshang — 曹丕 (国战, H-SK-xingshang).
//!
//! 当其他角色死亡时，你可以获得其所有手牌和装备区里的牌。
//! When another character dies, you may obtain all its hand and equipment cards.
//!
//! It acts before the dead character's cards are discarded (`Timing::Dead`); its judgment area
//! is not taken. The hand cards move hand to hand: only 曹丕 sees them.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::Dead,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Xingshang,
        "行殇",
        "Xingshang",
        "当其他角色死亡时，你可以获得其所有手牌和装备区里的牌。",
        "When another character dies, you may obtain all its hand and equipment cards.",
    )
};

fn cards_of(game: &Game, seat: Seat) -> Vec<CardId> {
    game.table.seats[seat.index()].held().collect()
}

/// Not asked when this death ends the game (the victory check follows the discard).
fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Death { seat, .. }
        if *seat != owner && game.is_alive(owner) && !cards_of(game, *seat).is_empty())
        && (game.mode.victory)(game).is_none()
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Death { seat, .. } = data else {
        return None;
    };
    let table = &game.table.seats[seat.index()];
    let hand = table.hand.clone();
    let equips: Vec<CardId> = table.equipment().collect();
    if !hand.is_empty() {
        game.move_cards(&hand, Zone::Hand(owner));
    }
    if !equips.is_empty() {
        game.move_cards(&equips, Zone::Hand(owner));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::testing::{cards, seat, Check};

    /// H-SK-xingshang: 曹丕 takes the dead character's hand and equipment, not its judgment area.
    #[test]
    fn h_sk_xingshang_obtains_hand_and_equipment() {
        let mut s = table(&[
            (G::HegGuanyu, G::HegZhangfei, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegCaopi, G::HegZhenji, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).hand = cards(&[Duel, Jink]);
        seat(&mut s, 1).equip = cards(&[Chitu]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
        c.pass_saves();
        assert!(!c.alive(1));
        assert!(c.is_asked(2, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Xingshang
            }));
        c.skill(2, SkillId::Xingshang);
        let mut got = c.hand(2);
        got.sort();
        let mut want = vec![Duel, Jink, Chitu];
        want.sort();
        assert_eq!(got, want);
        let mut discarded = c.discard_pile();
        discarded.sort();
        let mut left = vec![Slash, Indulgence];
        left.sort();
        assert_eq!(discarded, left, "the judgment area is discarded");
    }
}
