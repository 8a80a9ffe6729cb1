// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title HanabiDrawRegistry
 * @notice Public, append-only record of Hanabi's fair draws (issue 33 "[Fair draw]", item 2: the commitment is public
 * before the beacon exists).
 *
 * For every draw Hanabi publishes, BEFORE the draw's drand round exists, one record: the commitment to the draw's
 * secret, the hash of the frozen entrant list, the close time, the drand chain and round that will decide the winners,
 * and the secret timelock-encrypted to that round. Once the round's randomness is out, the operator can no longer
 * choose a different entrant list, secret or round: the record is already on chain and nothing can alter it.
 *
 * - Only `publisher` (immutable, fixed at deployment) may write. There is no owner, no role, no upgrade, no delete and
 *   no function that changes a record: append-only by construction.
 * - The draws of a campaign are numbered 1, 2, 3… without gaps ({HanabiDrawOutOfOrder} otherwise), so a reader sees
 *   every draw of a campaign and a skipped or withdrawn draw is visible as a gap that cannot exist.
 * - A draw id is committed once only ({HanabiDrawAlreadyCommitted}), whatever the campaign.
 * - The record itself lives in the {DrawCommitted} event; storage keeps only what the rules need (a counter per
 *   campaign, and per draw id the block it was committed in, which also tells a reader where to find the event).
 *
 * The contract does not check that `beaconRound` is still in the future: it cannot know the genesis and period of an
 * arbitrary drand chain. A verifier compares the timestamp of block `committedIn(drawId)` with the round's time
 * (genesis + (round - 1) × period) off chain.
 */
contract HanabiDrawRegistry {
    /// @notice The only account that may {commit}.
    address public immutable publisher;

    /// @notice Number of draws committed for `campaignId`; the next draw must be numbered `drawCount + 1`.
    mapping(bytes32 campaignId => uint32) public drawCount;

    /// @notice Block number in which `drawId` was committed (where its {DrawCommitted} event is); 0 if it was not.
    mapping(bytes32 drawId => uint256) public committedIn;

    /**
     * @notice The record of one draw, published before its beacon round exists.
     * @param campaignId the campaign the draw belongs to
     * @param number the draw's number within the campaign: 1, 2, 3… without gaps
     * @param drawId the draw's id (committed once only)
     * @param commitment commitment to the draw's secret
     * @param entrantsHash hash of the entrant list frozen at `closedAt`
     * @param closedAt close time T (unix seconds) when the entrants were frozen; not later than the block's time
     * @param beaconChain the drand chain whose round decides the winners (its chain hash)
     * @param beaconRound the drand round that decides the winners
     * @param sealedSecret the draw's secret timelock-encrypted to `beaconRound` (empty for a chain without timelock)
     */
    event DrawCommitted(
        bytes32 indexed campaignId,
        uint32 indexed number,
        bytes32 indexed drawId,
        bytes32 commitment,
        bytes32 entrantsHash,
        uint64 closedAt,
        bytes32 beaconChain,
        uint64 beaconRound,
        bytes sealedSecret
    );

    /// @dev The publisher passed to the constructor is the zero address.
    error HanabiInvalidPublisher(address publisher);

    /// @dev `caller` is not the publisher.
    error HanabiUnauthorizedPublisher(address caller);

    /// @dev `number` is not the next draw number of `campaignId`, which is `expected`.
    error HanabiDrawOutOfOrder(bytes32 campaignId, uint32 expected, uint32 number);

    /// @dev `drawId` was already committed, in block `blockNumber`.
    error HanabiDrawAlreadyCommitted(bytes32 drawId, uint256 blockNumber);

    /// @dev `closedAt` is later than the time of the block (`blockTimestamp`) that would record it.
    error HanabiCloseInFuture(uint64 closedAt, uint256 blockTimestamp);

    /// @param publisher_ the only account that may {commit}; the zero address is refused.
    constructor(address publisher_) {
        if (publisher_ == address(0)) revert HanabiInvalidPublisher(address(0));
        publisher = publisher_;
    }

    /**
     * @notice Publishes the record of draw `number` of `campaignId`. Only the publisher. Emits {DrawCommitted}.
     * @dev Reverts with {HanabiUnauthorizedPublisher} for any other caller, {HanabiDrawOutOfOrder} unless
     * `number == drawCount[campaignId] + 1`, {HanabiDrawAlreadyCommitted} if `drawId` was committed before (in any
     * campaign) and {HanabiCloseInFuture} if `closedAt > block.timestamp`. Writes two storage words: the campaign's
     * counter and `committedIn[drawId] = block.number`.
     */
    function commit(
        bytes32 campaignId,
        uint32 number,
        bytes32 drawId,
        bytes32 commitment,
        bytes32 entrantsHash,
        uint64 closedAt,
        bytes32 beaconChain,
        uint64 beaconRound,
        bytes calldata sealedSecret
    ) external {
        if (msg.sender != publisher) revert HanabiUnauthorizedPublisher(msg.sender);
        uint32 expected = drawCount[campaignId] + 1;
        if (number != expected) revert HanabiDrawOutOfOrder(campaignId, expected, number);
        uint256 previous = committedIn[drawId];
        if (previous != 0) revert HanabiDrawAlreadyCommitted(drawId, previous);
        if (closedAt > block.timestamp) revert HanabiCloseInFuture(closedAt, block.timestamp);

        drawCount[campaignId] = number;
        committedIn[drawId] = block.number;
        emit DrawCommitted(
            campaignId,
            number,
            drawId,
            commitment,
            entrantsHash,
            closedAt,
            beaconChain,
            beaconRound,
            sealedSecret
        );
    }
}
