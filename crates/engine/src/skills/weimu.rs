//! 帷幕 Weimu — 贾诩 (国战 text, H-SK-weimu).
//!
//! 锁定技，当你成为黑色锦囊牌的目标时，你取消此目标。
//! Compulsory: when you become a target of a black trick card, cancel yourself as a target.
//!
//! As 国战's 空城 and 谦逊 (H-TURN-2, `kongcheng_heg::cancel`): he is chosen, then removed as he
//! becomes a target — of a black ordinary trick, whoever uses it (his own black 铁索连环 naming
//! him too); a card left without targets goes to the discard pile. A delayed trick is placed as
//! it is used, with no "becoming a target" step, so a black delayed trick cannot be used on him
//! (his own ♠ 闪电 included: the identity reading, the card stays in hand — docs/rulings.md). A
//! hidden 贾诩 is asked whether to reveal for it (H-REV-7).

use crate::card::{Category, Color, UsedCard};
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Timing, TimingData};
use crate::seat::Seat;

use super::kongcheng_heg::cancel;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        prohibit: Some(no_black_delayed_trick),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TargetChosen,
        can_trigger,
        ask: Ask::Never,
        on_trigger: cancel,
    }],
    ..SkillDef::named(
        SkillId::Weimu,
        "帷幕",
        "Weimu",
        "锁定技，当你成为黑色锦囊牌的目标时，你取消此目标。",
        "Compulsory: when you become a target of a black trick card, cancel yourself as a target.",
    )
};

fn no_black_delayed_trick(game: &Game, _: Seat, _: Seat, card: &UsedCard) -> bool {
    card.color == Color::Black && game.card_def(card.kind).category == Category::DelayedTrick
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card = &game.card_use(*use_id).card;
    *target == owner
        && card.color == Color::Black
        && game.card_def(card.kind).category == Category::Trick
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::{seat, Check};

    /// 甘宁 (seat 0) with a 过河拆桥 of `suit` and a black 乐不思蜀; 贾诩 (seat 1) holds a 闪.
    fn jiaxu(suit: Suit, rank: u8) -> Check {
        let mut s = table(&[
            (G::HegGanning, G::HegLvmeng, true, true),
            (G::HegJiaxu, G::HegPanfeng, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Dismantlement, suit, rank),
            CardSpec::exact(Indulgence, Suit::Spade, 6),
        ];
        seat(&mut s, 1).hand = vec![CardSpec::kind(Jink)];
        Check::new(s)
    }

    /// H-SK-weimu (H-TURN-2): a black 过河拆桥 on 贾诩 is cancelled as he becomes its target and
    /// goes to the discard pile; a black 乐不思蜀 cannot be used on him.
    #[test]
    fn h_sk_weimu_a_black_trick_is_cancelled() {
        let mut c = jiaxu(Suit::Spade, 3);
        assert!(c.find_card(0, Indulgence, &[1]).is_none());
        c.card(0, Dismantlement, &[1]);
        c.pass_windows();
        assert_eq!(c.hand(1), vec![Jink], "nothing discarded");
        assert_eq!(c.discard_pile(), vec![Dismantlement]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }

    /// H-SK-weimu: a red trick is not cancelled: 甘宁 is asked which card to discard.
    #[test]
    fn h_sk_weimu_not_a_red_trick() {
        let mut c = jiaxu(Suit::Heart, 12);
        c.card(0, Dismantlement, &[1]);
        c.pass_windows();
        assert!(c.has_prompt(0));
        assert!(!c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.game.hand(Seat(1)).len(), 1, "not yet picked");
    }
}
