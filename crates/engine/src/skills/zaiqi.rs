//! 再起 Zaiqi — 孟获 (国战, H-SK-zaiqi).
//!
//! 摸牌阶段开始时，若你已受伤，你可以放弃摸牌，然后亮出牌堆顶的X张牌（X为你已损失的体力值），你每亮出一张红桃牌，便回复1点体力，然后将这些红桃牌置入弃牌堆，并获得其余的牌。
//! At the start of your draw phase, if you are wounded, you may give up drawing and reveal the
//! top X cards (X = your lost HP): recover 1 HP per ♥ among them, put the ♥ cards into the discard
//! pile and obtain the rest.

use crate::action::Action;
use crate::card::{CardId, Suit};
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DrawCount,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Zaiqi,
        "再起",
        "Zaiqi",
        "摸牌阶段开始时，若你已受伤，你可以放弃摸牌，然后亮出牌堆顶的X张牌（X为你已损失的体力值），你每亮出一张红桃牌，便回复1点体力，然后将这些红桃牌置入弃牌堆，并获得其余的牌。",
        "At the start of your draw phase, if you are wounded, you may give up drawing and reveal the top X cards (X = your lost HP): recover 1 HP per heart among them, discard the hearts and obtain the rest.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner) && game.is_wounded(owner)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Draw { count, .. } = data else {
        return None;
    };
    *count = 0;
    let lost = (i16::from(game.seat(owner).max_hp) - i16::from(game.hp(owner))).max(0) as usize;
    let revealed = game.take_from_top(lost);
    game.move_cards(&revealed, Zone::Processing);
    let (hearts, rest): (Vec<CardId>, Vec<CardId>) = revealed
        .into_iter()
        .partition(|c| game.card(*c).suit == Suit::Heart);
    if !hearts.is_empty() {
        game.recover(owner, hearts.len() as u8);
        game.discard(&hearts);
    }
    if !rest.is_empty() {
        game.move_cards(&rest, Zone::Hand(owner));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::Phase;
    use crate::scenario::CardSpec;
    use crate::testing::{seat, Check};

    /// H-SK-zaiqi: two lost HP reveal two cards: the ♥ heals and is discarded, the ♠ is kept,
    /// and nothing is drawn.
    #[test]
    fn h_sk_zaiqi_hearts_heal_the_rest_is_kept() {
        let mut s = table(&[
            (G::HegMenghuo, G::HegZhaoyun, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).hp = Some(2);
        s.draw_pile_top = vec![
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Jink, Suit::Diamond, 2),
        ];
        let mut c = Check::new(s);
        c.skill(0, SkillId::Zaiqi);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hand(0), vec![Slash]);
        assert_eq!(c.discard_pile(), vec![Peach]);
    }
}
