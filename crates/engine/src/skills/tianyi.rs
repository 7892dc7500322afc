//! 天义 Tianyi — 太史慈 [阶段技].
//!
//! 出牌阶段限一次，你可以与一名其他角色拼点：若你赢，你获得以下技能直到回合结束：你使用【杀】无距离限制；你于出牌阶段内能额外使用一张【杀】；你使用【杀】选择目标的个数上限+1。若你没赢，你不能使用【杀】，直到回合结束。
//! Once per play phase, you may 拼点 with another character. If you win, until the end of the
//! turn your 杀 have no distance limit, you may use one extra 杀 in the play phase, and each 杀
//! may choose one extra target. If you do not win, you cannot use 杀 until the end of the turn.
//!
//! W-TIANYI-1: both need a hand card; the one 拼点 procedure (`resolve/pindian.rs`), a tie is no
//! win. W-TIANYI-2: the bonus stacks with 诸葛连弩 and 咆哮 and lasts the turn; the loss forbids
//! using 杀 only (playing one in answer to 决斗 or 南蛮入侵 stays allowed).

use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Active, Limit, Modifiers, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::pindian::skill_pindian;
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(targets),
    limit: Some(Limit::ONCE_PER_PHASE),
    modifiers: Modifiers {
        no_distance_limit: Some(slash_after_win),
        extra_slashes: Some(extra_slash),
        extra_targets: Some(extra_target),
        no_slash: Some(lost),
        ..Modifiers::NONE
    },
    step: Some(step),
    ..SkillDef::named(
        SkillId::Tianyi,
        "天义",
        "Tianyi",
        "出牌阶段限一次，你可以与一名其他角色拼点：若你赢，你获得以下技能直到回合结束：你使用【杀】无距离限制；你于出牌阶段内能额外使用一张【杀】；你使用【杀】选择目标的个数上限+1。若你没赢，你不能使用【杀】，直到回合结束。",
        "Once per play phase, you may pindian with another character. If you win, until the end of the turn your Slashes have no distance limit, you may use one extra Slash in the play phase, and each Slash may choose one extra target. If you do not win, you cannot use Slash until the end of the turn.",
    )
};

/// The turn mark: how this turn's 拼点 went.
const WON: u8 = 1;
const LOST: u8 = 2;

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty()
}

/// Another character with a hand card.
fn targets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .map(|s| vec![s])
        .collect()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 0 {
        let Some(&target) = frame.seats.first() else {
            return Step::Done;
        };
        frame.step = 1;
        game.invoke(owner, SkillId::Tianyi, vec![target]);
        return skill_pindian(owner, target, SkillId::Tianyi);
    }
    if let Some(result) = game.finish_pindian() {
        let mark = if result.won { WON } else { LOST };
        game.turn.set_mark(SkillId::Tianyi, mark);
    }
    Step::Done
}

fn this_turn(game: &Game, owner: Seat) -> u8 {
    if game.turn.seat == owner {
        game.turn.mark(SkillId::Tianyi)
    } else {
        0
    }
}

fn slash_after_win(game: &Game, owner: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Slash && this_turn(game, owner) == WON
}

fn extra_slash(game: &Game, owner: Seat) -> u8 {
    u8::from(this_turn(game, owner) == WON)
}

fn extra_target(game: &Game, owner: Seat, card: &UsedCard) -> u8 {
    u8::from(slash_after_win(game, owner, card))
}

fn lost(game: &Game, owner: Seat) -> bool {
    this_turn(game, owner) == LOST
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 太史慈 (seat 0) with `mine` and two 杀, five seats; seat 2 (distance 2) answers with
    /// `theirs`.
    fn taishici(mine: CardSpec, theirs: CardSpec) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Rebel, Loyalist, Renegade]), "fire");
        seat(&mut s, 0).general = GeneralId::Taishici;
        seat(&mut s, 0).hand = vec![
            mine,
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 7),
            CardSpec::exact(Slash, Suit::Club, 8),
        ];
        seat(&mut s, 2).hand = vec![theirs];
        seat(&mut s, 3).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Tianyi,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            },
        );
        let (mine, theirs) = (c.hand_card(0, Jink), c.game.hand(Seat(2))[0]);
        c.act(0, Action::Cards { cards: vec![mine] });
        c.act(
            2,
            Action::Cards {
                cards: vec![theirs],
            },
        );
        c
    }

    fn slash_targets(c: &Check) -> Vec<Vec<u8>> {
        c.prompt(0)
            .legal_actions(4096)
            .into_iter()
            .filter_map(|a| match a {
                Action::Card { cards, targets, .. } if c.game.card(cards[0]).kind == Slash => {
                    Some(targets.iter().map(|s| s.0).collect())
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn w_tianyi_2_a_win_gives_range_two_slashes_and_an_extra_target() {
        let mut c = taishici(
            CardSpec::exact(Jink, Suit::Diamond, 11),
            CardSpec::exact(Jink, Suit::Diamond, 5),
        );
        // Both cards went to the discard pile.
        assert_eq!(c.discard_pile(), vec![Jink, Jink]);
        let sets = slash_targets(&c);
        // Seat 2 is at distance 2: reachable now; two targets at once.
        assert!(sets.contains(&vec![2]));
        assert!(sets.iter().any(|t| t.len() == 2));
        assert!(sets.iter().all(|t| t.len() <= 2));
        c.card(0, Slash, &[2]).pass(2);
        c.card(0, Slash, &[3]).pass(3);
        assert_eq!((c.hp(2), c.hp(3)), (3, 3));
        // Two 杀 used: the third is not offered.
        assert!(slash_targets(&c).is_empty());
    }

    #[test]
    fn w_tianyi_1_a_tie_is_no_win_and_forbids_using_slash() {
        let c = taishici(
            CardSpec::exact(Jink, Suit::Diamond, 5),
            CardSpec::exact(Slash, Suit::Club, 5),
        );
        assert!(slash_targets(&c).is_empty());
        // Once per play phase.
        assert!(!c.prompt(0).legal_actions(4096).iter().any(|a| matches!(
            a,
            Action::Skill {
                skill: SkillId::Tianyi,
                ..
            }
        )));
    }

    #[test]
    fn w_tianyi_2_after_a_loss_a_slash_may_still_be_played_in_a_duel() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Taishici;
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Jink, Suit::Heart, 2),
            CardSpec::exact(Duel, Suit::Spade, 1),
            CardSpec::exact(Slash, Suit::Spade, 7),
        ];
        seat(&mut s, 1).hand = vec![
            CardSpec::exact(Jink, Suit::Diamond, 9),
            CardSpec::exact(Slash, Suit::Club, 7),
        ];
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Tianyi,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            },
        );
        let (mine, theirs) = (c.hand_card(0, Jink), c.hand_card(1, Jink));
        c.act(0, Action::Cards { cards: vec![mine] });
        c.act(
            1,
            Action::Cards {
                cards: vec![theirs],
            },
        );
        assert!(c.find_card(0, Slash, &[1]).is_none());
        c.card(0, Duel, &[1]).pass_windows();
        c.card(1, Slash, &[]).card(0, Slash, &[]);
        c.pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
