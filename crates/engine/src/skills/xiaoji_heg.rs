//! 枭姬 Xiaoji, 国战 text — 孙尚香 (国战, H-SK-xiaoji).
//!
//! 当你失去装备区里的牌后，你可以摸两张牌。
//! After you lose card(s) from your equipment area, you may draw two cards.
//!
//! Once per card movement that removes equipment, however many equipment cards it removed
//! ([QHeg] `Xiaoji` on `CardsMoveOneTime`); the identity 枭姬 (`xiaoji.rs`) draws two per card
//! (O-7).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardsMoved,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::XiaojiHeg,
        "枭姬",
        "Xiaoji",
        "当你失去装备区里的牌后，你可以摸两张牌。",
        "After you lose card(s) from your equipment area, you may draw two cards.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Lost { seat, equips, .. } if *seat == owner && *equips > 0)
}

/// Two cards for the whole movement (H-SK-xiaoji).
fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 2);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::testing::{cards, seat, Check};

    /// H-SK-xiaoji (O-7): 贯石斧 discards both of 孙尚香's horses in one movement: she is asked
    /// once and draws two (the identity text would draw four).
    #[test]
    fn h_sk_xiaoji_once_per_movement() {
        let mut s = table(&[
            (G::HegSunshangxiang, G::HegSunquan, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).equip = cards(&[Axe, Dilu, Chitu]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        s.draw_pile_top = cards(&[Peach, Jink, Duel, ExNihilo]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        let horses: Vec<_> = c.game.table().seats[0].equipment().skip(1).collect();
        assert_eq!(horses.len(), 2);
        c.act(0, Action::Cards { cards: horses });
        let asked = |c: &Check| {
            c.is_asked(0, |k| {
                *k == PromptKind::Confirm {
                    skill: SkillId::XiaojiHeg,
                }
            })
        };
        assert!(asked(&c));
        c.skill(0, SkillId::XiaojiHeg);
        assert!(!asked(&c), "not again for the second horse");
        assert_eq!(c.hand(0), vec![Peach, Jink]);
        assert_eq!(c.hp(1), 3);
    }
}
