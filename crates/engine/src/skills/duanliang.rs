//! 断粮 Duanliang — 徐晃 (林; 国战 the same, H-SK-duanliang).
//!
//! 你可以将一张黑色基本牌或黑色装备牌当【兵粮寸断】使用；你可以对距离为2的角色使用【兵粮寸断】。
//! You may use a black basic or black equipment card (hand or equipped) as 兵粮寸断. Your
//! 兵粮寸断 may target a character at distance 2.
//!
//! The reach is a status skill (`Modifiers::card_reach`), for every 兵粮寸断 he uses, real or
//! converted. As every distance skill of a hidden general (H-REV-8, 马术), it counts once 徐晃
//! is shown — except for his own conversion: using it reveals him as the card is used (H-REV-9),
//! before its target is confirmed, so a hidden 徐晃's converted 兵粮寸断 reaches distance 2 too
//! (`Game::card_reach`). A real 兵粮寸断 of a hidden 徐晃 reaches distance 1.

use crate::card::{Card, CardKind, Category, Color, UsedCard};
use crate::def::skill::{CardMode, Modifiers, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind,
        accepts: None,
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    modifiers: Modifiers {
        card_reach: Some(reach),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Duanliang,
        "断粮",
        "Duanliang",
        "你可以将一张黑色基本牌或黑色装备牌当【兵粮寸断】使用；你可以对距离为2的角色使用【兵粮寸断】。",
        "You may use a black basic or black equipment card as Supply Shortage; your Supply Shortage may target a character at distance 2.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card]
            if card.color() == Color::Black
                && matches!(
                    crate::cards::ALL[card.kind as usize].category,
                    Category::Basic | Category::Equip(_)
                ) =>
        {
            Some(CardKind::SupplyShortage)
        }
        _ => None,
    }
}

/// 兵粮寸断 is only ever used on one's own initiative.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

fn reach(_: &Game, _: Seat, card: &UsedCard) -> i32 {
    i32::from(card.kind == CardKind::SupplyShortage)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::{CardId, Suit};
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::{seat, Check};

    fn duanliang(c: &Check, card: CardId, target: u8) -> Option<Action> {
        c.find(0, |cs, skill, t| {
            cs == [card] && skill == Some(SkillId::Duanliang) && t == [Seat(target)]
        })
    }

    /// 徐晃 (seat 0) of five seats with a black 杀, a red 杀 and a black trick.
    fn xuhuang(shown: bool) -> Check {
        let mut s = table(&[
            (G::HegXuhuang, G::HegCaoren, shown, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegHuatuo, G::HegLvbu, true, true),
            (G::HegGanning, G::HegLvmeng, true, true),
        ]);
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Heart, 10),
            CardSpec::exact(Dismantlement, Suit::Spade, 3),
        ];
        Check::new(s)
    }

    /// H-SK-duanliang: a black basic card becomes 兵粮寸断, on seat 2 at distance 2; a red card
    /// and a black trick do not.
    #[test]
    fn h_sk_duanliang_a_black_basic_card_reaches_distance_two() {
        let mut c = xuhuang(true);
        let black = c.game.hand(Seat(0))[0];
        let red = c.game.hand(Seat(0))[1];
        let trick = c.game.hand(Seat(0))[2];
        assert!(duanliang(&c, red, 1).is_none());
        assert!(duanliang(&c, trick, 1).is_none());
        assert!(
            duanliang(&c, black, 3).is_some(),
            "distance 2 the other way round"
        );
        let action = duanliang(&c, black, 2).expect("断粮 at distance 2");
        c.act(0, action);
        c.pass_windows();
        assert_eq!(c.judge_area(2), vec![SupplyShortage]);
    }

    /// H-SK-duanliang, H-REV-9: hidden, his conversion reaches distance 2 as well — using it
    /// reveals him as the card is used.
    #[test]
    fn h_sk_duanliang_hidden_conversion_reaches_distance_two() {
        let mut s = table(&[
            (G::HegXuhuang, G::HegCaoren, false, false),
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegHuatuo, G::HegLvbu, true, true),
            (G::HegGanning, G::HegLvmeng, true, true),
        ]);
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        let mut c = Check::new(s);
        let black = c.game.hand(Seat(0))[0];
        assert!(duanliang(&c, black, 1).is_some());
        let action = duanliang(&c, black, 2).expect("his conversion at distance 2");
        c.act(0, action);
        assert!(
            c.game.duo(Seat(0)).unwrap().main_shown,
            "revealed as it is used"
        );
        c.pass_windows();
        assert_eq!(c.judge_area(2), vec![SupplyShortage]);
    }
}
