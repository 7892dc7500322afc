//! 巨象 Juxiang — 祝融 (国战, H-SK-juxiang).
//!
//! 锁定技，【南蛮入侵】对你无效；当其他角色使用的非转化的【南蛮入侵】结算后，你获得之。
//! Compulsory: 南蛮入侵 has no effect on you. After a real (non-converted) 南蛮入侵 used by
//! another character has resolved, you obtain it.
//!
//! She obtains it while it is still on the table, before it would go to the discard pile
//! (`Timing::UseResolved`).

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        immune: Some(savage_assault),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::UseResolved,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Juxiang,
        "巨象",
        "Juxiang",
        "锁定技，【南蛮入侵】对你无效；当其他角色使用的非转化的【南蛮入侵】结算后，你获得之。",
        "Compulsory: Savage Assault has no effect on you; after a real Savage Assault used by another character resolves, you obtain it.",
    )
};

/// 南蛮入侵 has no effect on the owner (祸首 says the same).
pub(crate) fn savage_assault(game: &Game, _: Seat, use_id: usize) -> bool {
    game.card_use(use_id).card.kind == CardKind::SavageAssault
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Used { use_id } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    let card = &card_use.card;
    card_use.user != owner
        && game.is_alive(owner)
        && card.kind == CardKind::SavageAssault
        && card.skill.is_none()
        && matches!(card.cards.as_slice(), [c] if game.card(*c).kind == CardKind::SavageAssault
            && game.table.zone_of(*c) == Zone::Processing)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Used { use_id } = data {
        let cards = game.card_use(*use_id).card.cards.clone();
        game.move_cards(&cards, Zone::Hand(owner));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::testing::{cards, seat, Check};

    /// H-SK-juxiang: 南蛮入侵 leaves 祝融 unharmed, and she obtains the card afterwards.
    #[test]
    fn h_sk_juxiang_immune_and_obtains_the_card() {
        let mut s = table(&[
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegZhurong, G::HegMenghuo, true, false),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[SavageAssault]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]);
        loop {
            c.pass_windows();
            if c.is_asked(2, |k| matches!(k, PromptKind::Respond { .. })) {
                c.pass(2);
            } else {
                break;
            }
        }
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hp(2), 3);
        assert_eq!(c.hand(1), vec![SavageAssault]);
        assert!(c.discard_pile().is_empty());
    }
}
