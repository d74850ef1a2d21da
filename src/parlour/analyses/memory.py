"""Memory with perfect memory: the optimal tactic in every state."""
